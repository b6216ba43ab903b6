import { formatDateTime } from '../../components/format-date.ts';

/** 003 §2.11: the downloaded backup codes, with the generation time and the single-use note. */
export function backupCodesFileText(codes: string[], generatedAt: string): string {
  return [
    'Trust Marketplace backup codes',
    `Generated: ${formatDateTime(generatedAt)}`,
    '',
    ...codes,
    '',
    'Each code can be used only once. Keep these codes somewhere safe.',
    '',
  ].join('\n');
}

export function downloadTextFile(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
