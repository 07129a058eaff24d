/**
 * Breaks text into at most `maxLines` lines at spaces, each as long as `fits` allows (a word longer than a line
 * gets a line of its own); text beyond the last line is cut at a word and marked with an ellipsis. The slides'
 * canvas measures a line's width, the preview's SVG counts its characters.
 */
export function wrapWords(text: string, fits: (line: string) => boolean, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (fits(candidate) || !line) line = candidate;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${kept[maxLines - 1].replace(/\s*\S*$/, '')}…`;
  return kept;
}
