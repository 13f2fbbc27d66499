/**
 * A jest reporter that prints, once the run is over, every test file's time, slowest first, and the
 * ten slowest again as a short list with their share of the files' time: where the suite's minutes
 * go. Files run side by side on several workers, so their times add up to more than the run's wall
 * time, which the header shows beside them.
 */
export default class FileTimesReporter {
  /** @type {{ file: string, project: string, seconds: number }[]} */
  files = [];

  startedAt = Date.now();

  onRunStart() {
    this.startedAt = Date.now();
  }

  onTestResult(test, result) {
    this.files.push({
      file: test.path.slice(test.context.config.rootDir.length + 1),
      project: test.context.config.displayName?.name ?? '',
      seconds: (result.perfStats.end - result.perfStats.start) / 1000,
    });
  }

  onRunComplete() {
    if (this.files.length === 0) return;
    const sorted = [...this.files].sort((a, b) => b.seconds - a.seconds);
    const total = sorted.reduce((sum, entry) => sum + entry.seconds, 0);
    const line = (entry) =>
      `${entry.seconds.toFixed(1).padStart(7)} s  ${entry.project.padEnd(11)} ${entry.file}`;
    const slowest = sorted.slice(0, 10);
    const slowestShare = slowest.reduce((sum, entry) => sum + entry.seconds, 0) / total;
    process.stderr.write(
      [
        '',
        `Test files by time (${sorted.length} files, ${total.toFixed(0)} s in all, ${((Date.now() - this.startedAt) / 1000).toFixed(0)} s wall):`,
        ...sorted.map(line),
        '',
        `Ten slowest (${(100 * slowestShare).toFixed(0)} % of the files' time):`,
        ...slowest.map(line),
        '',
      ].join('\n'),
    );
  }
}
