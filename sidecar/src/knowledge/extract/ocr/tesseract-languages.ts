// Checks at start that Tesseract is installed and has every configured language (`tesseract --list-langs`), so that a
// missing package is said once, in the log and in the knowledge status, instead of failing every scan.
import { execFile } from 'node:child_process';

export type OcrReadiness = { ready: true } | { ready: false; warning: string };

/** How long `tesseract --list-langs` may take (it only lists a folder). */
const LIST_TIMEOUT_MS = 10_000;

export async function checkTesseractLanguages(command: string, languages: string[]): Promise<OcrReadiness> {
  const installed = await listInstalledLanguages(command);
  if (installed === undefined) {
    return {
      ready: false,
      warning: 'OCR is on, but Tesseract is not installed (Debian: apt-get install tesseract-ocr); scans are skipped.',
    };
  }
  const missing = languages.filter((language) => !installed.includes(language));
  if (missing.length === 0) return { ready: true };
  const packages = missing.map((language) => `tesseract-ocr-${language.toLowerCase().replace(/_/g, '-')}`);
  return {
    ready: false,
    warning:
      `OCR is on, but Tesseract lacks the language(s) ${missing.join(', ')} of KNOWLEDGE_OCR_LANGUAGES ` +
      `(installed: ${listed(installed)}; Debian: apt-get install ${packages.join(' ')}); scans are skipped.`,
  };
}

/** The first few installed languages: Debian's tesseract-ocr-all brings more than a hundred. */
function listed(installed: string[]): string {
  if (installed.length === 0) return 'none';
  const shown = installed.slice(0, 12).join(', ');
  return installed.length > 12 ? `${shown} and ${installed.length - 12} more` : shown;
}

/** The languages Tesseract lists, or undefined when it does not run. */
function listInstalledLanguages(command: string): Promise<string[] | undefined> {
  return new Promise((resolve) => {
    execFile(
      command,
      ['--list-langs'],
      { timeout: LIST_TIMEOUT_MS, env: { PATH: '/usr/local/bin:/usr/bin:/bin' }, maxBuffer: 1024 * 1024 },
      (error, stdout) => {
        if (error) return resolve(undefined);
        // The first line says where the languages are: 'List of available languages in "…" (3):'.
        const lines = stdout.split('\n').slice(1);
        resolve(lines.map((line) => line.trim()).filter(Boolean));
      },
    );
  });
}
