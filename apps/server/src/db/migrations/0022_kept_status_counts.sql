CREATE TABLE "enrollment_counts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "enrollment_counts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"status" text NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_instance_counts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "form_instance_counts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"status" text NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workflow_instance_counts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "workflow_instance_counts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"status" text NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "enrollment_counts_org_idx" ON "enrollment_counts" USING btree ("organization_id","status");--> statement-breakpoint
CREATE INDEX "form_instance_counts_org_idx" ON "form_instance_counts" USING btree ("organization_id","status");--> statement-breakpoint
CREATE INDEX "workflow_instance_counts_org_idx" ON "workflow_instance_counts" USING btree ("organization_id","status");--> statement-breakpoint
-- The lists' totals by organization and status (schema/status-counts.ts): one function for the three tables, the
-- counts table named by the trigger's argument. Appends only; an update appends both sides and nothing when the
-- statement changed no organization or status (a form's autosave).
CREATE FUNCTION tm_kept_status_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE format('INSERT INTO %I (organization_id, status, n)
                    SELECT organization_id, status, count(*) FROM new_rows GROUP BY 1, 2', TG_ARGV[0]);
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE format('INSERT INTO %I (organization_id, status, n)
                    SELECT organization_id, status, -count(*) FROM old_rows GROUP BY 1, 2', TG_ARGV[0]);
  ELSE
    EXECUTE format('INSERT INTO %I (organization_id, status, n)
                    SELECT organization_id, status, sum(d) FROM (
                      SELECT organization_id, status, 1 AS d FROM new_rows
                      UNION ALL SELECT organization_id, status, -1 FROM old_rows) c
                     GROUP BY 1, 2 HAVING sum(d) <> 0', TG_ARGV[0]);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER enrollments_counts_insert AFTER INSERT ON enrollments REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tm_kept_status_counts('enrollment_counts');--> statement-breakpoint
CREATE TRIGGER enrollments_counts_update AFTER UPDATE ON enrollments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tm_kept_status_counts('enrollment_counts');--> statement-breakpoint
CREATE TRIGGER enrollments_counts_delete AFTER DELETE ON enrollments REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tm_kept_status_counts('enrollment_counts');--> statement-breakpoint
CREATE TRIGGER form_instances_counts_insert AFTER INSERT ON form_instances REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tm_kept_status_counts('form_instance_counts');--> statement-breakpoint
CREATE TRIGGER form_instances_counts_update AFTER UPDATE ON form_instances REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tm_kept_status_counts('form_instance_counts');--> statement-breakpoint
CREATE TRIGGER form_instances_counts_delete AFTER DELETE ON form_instances REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tm_kept_status_counts('form_instance_counts');--> statement-breakpoint
CREATE TRIGGER workflow_instances_counts_insert AFTER INSERT ON workflow_instances REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tm_kept_status_counts('workflow_instance_counts');--> statement-breakpoint
CREATE TRIGGER workflow_instances_counts_update AFTER UPDATE ON workflow_instances REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tm_kept_status_counts('workflow_instance_counts');--> statement-breakpoint
CREATE TRIGGER workflow_instances_counts_delete AFTER DELETE ON workflow_instances REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tm_kept_status_counts('workflow_instance_counts');--> statement-breakpoint
INSERT INTO enrollment_counts (organization_id, status, n)
  SELECT organization_id, status, count(*) FROM enrollments GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO form_instance_counts (organization_id, status, n)
  SELECT organization_id, status, count(*) FROM form_instances GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO workflow_instance_counts (organization_id, status, n)
  SELECT organization_id, status, count(*) FROM workflow_instances GROUP BY 1, 2;
