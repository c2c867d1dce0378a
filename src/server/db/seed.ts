export async function seedIfEmpty(_db: unknown) {}
