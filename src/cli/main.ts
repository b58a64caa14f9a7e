/** Entry point of the `quire` command (placeholder until the CLI lands). */
export async function main(argv: string[], _env: NodeJS.ProcessEnv): Promise<number> {
  process.stderr.write(`quire: unknown command ${argv[0] ?? ''}\n`);
  return 2;
}
