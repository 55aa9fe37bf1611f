import { readFileSync, statSync } from 'node:fs';
import { z } from 'zod';

// `--token-file FILE` of `npm run serve` and of the sandbox: secrets on a command
// line are readable by every local user in /proc/<pid>/cmdline; a file only its owner can read is not.

export const tokenFileSchema = z.strictObject({
  tenant: z.string().trim().min(1).optional(),
  accessToken: z.string().trim().min(1),
  integratorToken: z.string().trim().min(1),
});

export type TokenFile = z.infer<typeof tokenFileSchema>;

/** A token file that cannot be used; the message says what to do and never quotes the file. */
export class TokenFileError extends Error {
  override name = 'TokenFileError';
}

/** Reads and checks a token file: JSON `{ tenant?, accessToken, integratorToken }`, mode 0600 or stricter. */
export function readTokenFile(path: string): TokenFile {
  let text: string;
  try {
    const stats = statSync(path);
    if (!stats.isFile()) throw new TokenFileError(`The token file ${path} is not a regular file.`);
    // Group or others able to read (or replace) the tokens defeats the point of the file.
    if ((stats.mode & 0o077) !== 0) {
      const mode = (stats.mode & 0o777).toString(8).padStart(4, '0');
      throw new TokenFileError(
        `The token file ${path} can be read or changed by other users of this machine (mode ${mode}): run \`chmod 600 ${path}\` and try again.`,
      );
    }
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if (error instanceof TokenFileError) throw error;
    throw new TokenFileError(`cannot read the token file ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    // JSON.parse's message quotes the text around the error: that could be a token.
    throw new TokenFileError(`The token file ${path} is not valid JSON: expected {"tenant": "…", "accessToken": "…", "integratorToken": "…"}.`);
  }
  const parsed = tokenFileSchema.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || issue.code}: ${issue.message}`).join('; ');
    throw new TokenFileError(`The token file ${path} is not {"tenant"?, "accessToken", "integratorToken"} (${problems}).`);
  }
  return parsed.data;
}
