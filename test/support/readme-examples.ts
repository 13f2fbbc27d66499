import { readFileSync } from 'node:fs';

/** A fenced code block of a markdown file that a reader is meant to run. */
export interface Example {
  /** The fence's language (`sh`, `ts`, ...). */
  language: string;
  /** 1-based line of the opening fence. */
  line: number;
  /** The code; a block marked as continuing the one before it is joined to that one's code. */
  code: string;
  /** Why the block is not run (from `<!-- not run: <reason> -->` right above its fence), if so. */
  notRun?: string;
}

const notRunMarker = /^\s*<!--\s*not run:(.*?)-->\s*$/;
const continuesMarker = /^\s*<!--\s*continues the block above\s*-->\s*$/;

/**
 * The fenced code blocks of a markdown file, in order. Above a fence, `<!-- not run: <reason> -->`
 * marks a block that must not be run (the reason is kept, so a test can require one), and
 * `<!-- continues the block above -->` one whose code runs after the previous block of its
 * language, in one program (an example in steps, explained between them).
 */
export function examplesOf(file: string): Example[] {
  const lines = readFileSync(file, 'utf8').split('\n');
  const examples: Example[] = [];
  for (let index = 0; index < lines.length; index += 1) {
    // Fences may be indented (a block inside a list item); the code is dedented by as much.
    const fence = /^(\s*)```(\w+)/.exec(lines[index]!);
    if (!fence) continue;
    const indent = fence[1]!;
    const close = lines.findIndex((line, at) => at > index && line === `${indent}\`\`\``);
    if (close < 0) throw new Error(`${file}:${index + 1}: unclosed code block`);
    const above = lines[index - 1] ?? '';
    const notRun = notRunMarker.exec(above)?.[1]?.trim();
    let code = lines
      .slice(index + 1, close)
      .map((line) => line.slice(indent.length))
      .join('\n');
    if (continuesMarker.test(above)) {
      const previous = examples.findLast((example) => example.language === fence[2]);
      if (!previous) throw new Error(`${file}:${index + 1}: continues no block`);
      code = `${previous.code}\n${code}`;
    }
    examples.push({ language: fence[2]!, line: index + 1, code, ...(notRun !== undefined && { notRun }) });
    index = close;
  }
  return examples;
}
