export async function runDoctor(): Promise<number> {
  return 0;
}
