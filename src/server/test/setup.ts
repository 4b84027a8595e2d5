// Server tests run quietly; a test that needs logs builds its own logger.
process.env.TZ ??= 'UTC';
