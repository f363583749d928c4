-- Issue 38 item 2: the api_clients foreign keys as schema.prisma declares them (ON UPDATE CASCADE, the
-- Prisma default), so the schema and the migrations agree (packages/db/test/migrations.test.ts).
ALTER TABLE "api_clients" DROP CONSTRAINT "api_clients_agency_id_fkey";
ALTER TABLE "api_clients" DROP CONSTRAINT "api_clients_created_by_fkey";
ALTER TABLE "api_clients" DROP CONSTRAINT "api_clients_user_id_fkey";

ALTER TABLE "api_clients" ADD CONSTRAINT "api_clients_agency_id_fkey" FOREIGN KEY ("agency_id")
  REFERENCES "agencies"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "api_clients" ADD CONSTRAINT "api_clients_user_id_fkey" FOREIGN KEY ("user_id")
  REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "api_clients" ADD CONSTRAINT "api_clients_created_by_fkey" FOREIGN KEY ("created_by")
  REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
