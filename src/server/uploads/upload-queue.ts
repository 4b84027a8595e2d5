/**
 * Uploads take their turn: one image is processed at a time per instance, a few more may wait, and
 * past that the sender is told to come back (rather than every request decoding at once).
 */
export interface UploadQueue {
  /** A place in the line, or undefined when the line is full. Release it in every case. */
  enter(): UploadTicket | undefined;
  readonly size: number;
}

export interface UploadTicket {
  /** Resolves when it is this upload's turn to be processed. */
  turn(): Promise<void>;
  release(): void;
}

export function createUploadQueue({ maxWaiting }: { maxWaiting: number }): UploadQueue {
  let inLine = 0;
  let busy = false;
  const waiting: (() => void)[] = [];

  const next = () => {
    const wake = waiting.shift();
    if (wake) wake();
    else busy = false;
  };

  return {
    get size() {
      return inLine;
    },
    enter() {
      if (inLine >= maxWaiting + 1) return undefined;
      inLine += 1;
      let holds = false;
      let done = false;
      let wake: (() => void) | undefined;
      return {
        turn: () =>
          new Promise<void>((resolve) => {
            if (done) return resolve();
            if (!busy) {
              busy = true;
              holds = true;
              return resolve();
            }
            wake = () => {
              holds = true;
              resolve();
            };
            waiting.push(wake);
          }),
        release: () => {
          if (done) return;
          done = true;
          inLine -= 1;
          if (holds) next();
          else if (wake) waiting.splice(waiting.indexOf(wake), 1);
        },
      };
    },
  };
}
