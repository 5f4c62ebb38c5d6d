import { type Db, type PrismaClient, newId } from '@platform/db';

/**
 * Files of JSON lines kept in PostgreSQL (`bulk_files`, `bulk_file_chunks`): a bulk mutation's
 * upload and its result file. A chunk holds whole lines and records its first line's number, so
 * a file is written and read a chunk at a time (never whole in memory) and a job resuming at line
 * n reads the one chunk holding it. Every function takes the tenant id: no query spans tenants.
 */

export type BulkFileKind = 'upload' | 'result';
/** Bytes of lines gathered into one chunk: what the platform holds of a file at once. */
export const CHUNK_BYTES = 1024 * 1024;
/** Chunks read per statement while a file is streamed out. */
const CHUNKS_PER_READ = 8;

const utf8 = new TextEncoder();
const textOf = new TextDecoder();

export interface StoredLine {
  /** The line's number in its file, from 1. */
  line: number;
  text: string;
}

export function createFile(db: Db, tenantId: string, kind: BulkFileKind, createdBy: string, expiresAt: Date) {
  return db.bulkFile.create({ data: { tenant_id: tenantId, id: newId(kind === 'upload' ? 'bku' : 'bkr'), kind, created_by: createdBy, expires_at: expiresAt } });
}

export function findFile(db: Db, tenantId: string, id: string, kind: BulkFileKind) {
  return db.bulkFile.findFirst({ where: { tenant_id: tenantId, id, kind } });
}

/** Appends whole lines (each without its line end) as the file's next chunk, numbered on from the file's last line; false when the file is gone. */
export async function appendLines(db: Db, tenantId: string, fileId: string, lines: readonly string[]): Promise<boolean> {
  if (lines.length === 0) return true;
  const content = utf8.encode(lines.map((line) => `${line}\n`).join(''));
  const moved = await db.$queryRaw<Array<{ seq: number; first_line: number }>>`
    UPDATE bulk_files SET chunk_count = chunk_count + 1, line_count = line_count + ${lines.length}, byte_size = byte_size + ${content.length}
    WHERE tenant_id = ${tenantId} AND id = ${fileId}
    RETURNING chunk_count - 1 AS seq, line_count - ${lines.length}::integer + 1 AS first_line`;
  const position = moved[0];
  if (!position) return false;
  await db.bulkFileChunk.create({ data: { tenant_id: tenantId, file_id: fileId, seq: position.seq, first_line: position.first_line, line_count: lines.length, content } });
  return true;
}

/** The chunk holding line `line` and those after it, up to `chunks` chunks, as lines (from `line` on). */
export async function readLines(db: Db, tenantId: string, fileId: string, line: number, chunks = 1): Promise<StoredLine[]> {
  const rows = await db.$queryRaw<Array<{ first_line: number; content: Uint8Array }>>`
    SELECT first_line, content FROM bulk_file_chunks
    WHERE tenant_id = ${tenantId} AND file_id = ${fileId} AND first_line + line_count > ${line}
    ORDER BY seq LIMIT ${chunks}`;
  return rows.flatMap((row) =>
    textOf
      .decode(row.content)
      .split('\n')
      .slice(0, -1)
      .map((text, index) => ({ line: row.first_line + index, text }))
      .filter((stored) => stored.line >= line),
  );
}

/** The file's bytes as a stream, read a few chunks at a time as the client reads. */
export function fileStream(prisma: PrismaClient, tenantId: string, fileId: string, chunkCount: number): ReadableStream<Uint8Array> {
  let next = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (next >= chunkCount) return controller.close();
      const chunks = await prisma.bulkFileChunk.findMany({ where: { tenant_id: tenantId, file_id: fileId, seq: { gte: next, lt: next + CHUNKS_PER_READ } }, orderBy: { seq: 'asc' }, select: { content: true } });
      if (chunks.length === 0) return controller.error(new Error(`file ${fileId} lost its chunks while being read`));
      for (const chunk of chunks) controller.enqueue(chunk.content);
      next += chunks.length;
    },
  });
}

export function deleteFile(db: Db, tenantId: string, id: string) {
  return db.bulkFile.deleteMany({ where: { tenant_id: tenantId, id } });
}

/** Deletes up to `limit` files (their chunks cascade) past their expiry, in every tenant; how many. */
export function purgeExpiredFiles(db: Db, now: Date, limit: number): Promise<number> {
  return db.$executeRaw`DELETE FROM bulk_files WHERE (tenant_id, id) IN (SELECT tenant_id, id FROM bulk_files WHERE expires_at <= ${now} LIMIT ${limit})`;
}
