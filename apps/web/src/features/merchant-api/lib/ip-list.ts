/** The allow-list as typed (commas, spaces or new lines between addresses) as the array sent. */
export function parseIpList(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((ip) => ip.trim())
    .filter((ip) => ip !== '');
}
