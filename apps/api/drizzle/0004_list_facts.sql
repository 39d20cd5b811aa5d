ALTER TABLE "fev_rips" ADD COLUMN "tiene_xml" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "fev_rips" ADD COLUMN "tiene_json" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "fev_rips" ADD COLUMN "total_errores" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "fev_rips" ADD COLUMN "total_notificaciones" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The list's per-document facts, kept by the database so a list page reads one table (decision 007). The triggers
-- are per statement with transition tables: a send that stores 300 findings updates its document once.
CREATE FUNCTION radica_fev_rips_archivos() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids int[];
BEGIN
  IF TG_OP = 'INSERT' THEN SELECT array_agg(fev_rips_id) INTO ids FROM nuevas;
  ELSIF TG_OP = 'DELETE' THEN SELECT array_agg(fev_rips_id) INTO ids FROM viejas;
  ELSE SELECT array_agg(fev_rips_id) INTO ids FROM (SELECT fev_rips_id FROM nuevas UNION SELECT fev_rips_id FROM viejas) x;
  END IF;
  UPDATE fev_rips d SET
    tiene_xml = EXISTS (SELECT 1 FROM fev_rips_files f WHERE f.fev_rips_id = d.id AND f.tipo = 'xml'),
    tiene_json = EXISTS (SELECT 1 FROM fev_rips_files f WHERE f.fev_rips_id = d.id AND f.tipo = 'json')
  WHERE d.id = ANY (ids);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER fev_rips_files_facts_ins AFTER INSERT ON fev_rips_files REFERENCING NEW TABLE AS nuevas
  FOR EACH STATEMENT EXECUTE FUNCTION radica_fev_rips_archivos();
--> statement-breakpoint
CREATE TRIGGER fev_rips_files_facts_del AFTER DELETE ON fev_rips_files REFERENCING OLD TABLE AS viejas
  FOR EACH STATEMENT EXECUTE FUNCTION radica_fev_rips_archivos();
--> statement-breakpoint
CREATE TRIGGER fev_rips_files_facts_upd AFTER UPDATE ON fev_rips_files REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas
  FOR EACH STATEMENT EXECUTE FUNCTION radica_fev_rips_archivos();
--> statement-breakpoint
CREATE FUNCTION radica_fev_rips_hallazgos() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids int[];
BEGIN
  IF TG_OP = 'INSERT' THEN SELECT array_agg(fev_rips_id) INTO ids FROM nuevas;
  ELSIF TG_OP = 'DELETE' THEN SELECT array_agg(fev_rips_id) INTO ids FROM viejas;
  ELSE SELECT array_agg(fev_rips_id) INTO ids FROM (SELECT fev_rips_id FROM nuevas UNION SELECT fev_rips_id FROM viejas) x;
  END IF;
  UPDATE fev_rips d SET
    total_errores = (SELECT count(*) FROM fev_rips_results r WHERE r.fev_rips_id = d.id AND r.origen = 'MUV' AND r.clase = 'RECHAZADO'),
    total_notificaciones = (SELECT count(*) FROM fev_rips_results r WHERE r.fev_rips_id = d.id AND r.origen = 'MUV' AND r.clase <> 'RECHAZADO')
  WHERE d.id = ANY (ids);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER fev_rips_results_facts_ins AFTER INSERT ON fev_rips_results REFERENCING NEW TABLE AS nuevas
  FOR EACH STATEMENT EXECUTE FUNCTION radica_fev_rips_hallazgos();
--> statement-breakpoint
CREATE TRIGGER fev_rips_results_facts_del AFTER DELETE ON fev_rips_results REFERENCING OLD TABLE AS viejas
  FOR EACH STATEMENT EXECUTE FUNCTION radica_fev_rips_hallazgos();
--> statement-breakpoint
CREATE TRIGGER fev_rips_results_facts_upd AFTER UPDATE ON fev_rips_results REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas
  FOR EACH STATEMENT EXECUTE FUNCTION radica_fev_rips_hallazgos();
--> statement-breakpoint
-- Existing documents.
UPDATE fev_rips d SET
  tiene_xml = EXISTS (SELECT 1 FROM fev_rips_files f WHERE f.fev_rips_id = d.id AND f.tipo = 'xml'),
  tiene_json = EXISTS (SELECT 1 FROM fev_rips_files f WHERE f.fev_rips_id = d.id AND f.tipo = 'json'),
  total_errores = (SELECT count(*) FROM fev_rips_results r WHERE r.fev_rips_id = d.id AND r.origen = 'MUV' AND r.clase = 'RECHAZADO'),
  total_notificaciones = (SELECT count(*) FROM fev_rips_results r WHERE r.fev_rips_id = d.id AND r.origen = 'MUV' AND r.clase <> 'RECHAZADO');
