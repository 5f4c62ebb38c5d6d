export { openDatabase, type Database } from './postgres.ts';
export { migrateDatabase, migrationsDir } from './migrate.ts';
export { createPrismaClient, type Db, inTransaction } from './client.ts';
export { newId } from './ids.ts';
export { isUniqueViolation, isRecordNotFound } from './errors.ts';
export { PrismaClient, Prisma, type Tenant, type OAuthClient, type SigningKey, type Warehouse, type InventoryItem, type ApiKey, type RevokedToken, type User, type Role } from './generated/prisma/client.ts';
export { Plan, Environment, UserStatus } from './generated/prisma/enums.ts';
export { getDatamodel } from './generated/pothos-types.ts';
export type { default as PrismaTypes } from './generated/pothos-types.ts';
