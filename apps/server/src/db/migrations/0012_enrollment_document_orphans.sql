CREATE TABLE "enrollment_document_orphans" (
	"storage_key" text PRIMARY KEY NOT NULL,
	"orphaned_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Every deleted enrollment document leaves its storage key here, in the transaction that deleted it (a rolled
-- back delete leaves nothing), however the row went: directly or by a cascade from its enrollment, member,
-- program or organization. The enrollments module removes the files (document-files.ts).
CREATE FUNCTION tm_enrollment_document_orphans() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO enrollment_document_orphans (storage_key)
  SELECT storage_key FROM old_rows
  ON CONFLICT (storage_key) DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER enrollment_documents_orphans AFTER DELETE ON enrollment_documents
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION tm_enrollment_document_orphans();
