import pg from 'pg';
import { Prisma } from './generated/prisma/client.ts';

/** A write hit a unique constraint (Prisma P2002, or SQLSTATE 23505 from a raw statement): the record already exists. */
export function isUniqueViolation(error: unknown): boolean {
  // A statement of a SqlTransaction: node-postgres's error itself.
  if (error instanceof pg.DatabaseError) return error.code === '23505';
  if (!(error instanceof Prisma.PrismaClientKnownRequestError)) return false;
  if (error.code === 'P2002') return true;
  // A raw statement's failure (P2010) carries PostgreSQL's SQLSTATE in the driver adapter's cause: 23505 unique_violation.
  const cause = (error.meta?.driverAdapterError as { cause?: { originalCode?: unknown } } | undefined)?.cause;
  return error.code === 'P2010' && cause?.originalCode === '23505';
}

/** An update or delete found no row to change (Prisma P2025). */
export function isRecordNotFound(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2025';
}
