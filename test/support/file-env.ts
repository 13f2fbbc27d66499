/**
 * Sets an environment variable for the rest of the test file and puts back its earlier value (or
 * its absence) after the file's tests. Call it at the top level, before anything reads the setting.
 */
export function setEnvForFile(name: string, value: string): void {
  const previous = process.env[name];
  process.env[name] = value;
  afterAll(() => {
    if (previous === undefined) delete process.env[name];
    else process.env[name] = previous;
  });
}
