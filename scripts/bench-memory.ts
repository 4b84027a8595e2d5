// `npm run bench:memory [-- --soak-minutes N]`: the memory part of `npm run bench` on its own (see
// scripts/bench/memory.ts); prints a Markdown table.
import { measureMemory, memoryTable } from './bench/memory.ts';

const soakArg = process.argv.indexOf('--soak-minutes');
const soakMinutes = soakArg > 0 ? Number(process.argv[soakArg + 1]) : 10;
console.log(memoryTable(await measureMemory(soakMinutes)));
