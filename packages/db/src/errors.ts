import { Prisma } from './generated/prisma/client.ts';

/** A write hit a unique constraint (Prisma P2002): the record already exists. */
export function isUniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';
}

/** An update or delete found no row to change (Prisma P2025). */
export function isRecordNotFound(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2025';
}
