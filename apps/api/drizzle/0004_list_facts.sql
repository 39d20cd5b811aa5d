ALTER TABLE "fev_rips" ADD COLUMN "tiene_xml" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "fev_rips" ADD COLUMN "tiene_json" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "fev_rips" ADD COLUMN "total_errores" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "fev_rips" ADD COLUMN "total_notificaciones" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The list's per-document facts, kept by the database so a list page reads one table (decision 007). The triggers
-- are per statement with transition tables: a send that stores 300 findings updates its document once.
CREATE FUNCTION radica_fev_rips_hechos() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids int[];
BEGIN
  IF TG_OP = 'INSERT' THEN SELECT array_agg(fev_rips_id) INTO ids FROM nuevas;
  ELSIF TG_OP = 'DELETE' THEN SELECT array_agg(fev_rips_id) INTO ids FROM viejas;
  ELSE SELECT array_agg(fev_rips_id) INTO ids FROM (SELECT fev_rips_id FROM nuevas UNION SELECT fev_rips_id FROM viejas) x;
  END IF;
  IF TG_TABLE_NAME = 'fev_rips_files' THEN
    UPDATE fev_rips d SET
      tiene_xml = EXISTS (SELECT 1 FROM fev_rips_files f WHERE f.fev_rips_id = d.id AND f.tipo = 'xml'),
      tiene_json = EXISTS (SELECT 1 FROM fev_rips_files f WHERE f.fev_rips_id = d.id AND f.tipo = 'json')
    WHERE d.id = ANY (ids);
  ELSE
    UPDATE fev_rips d SET
      total_errores = (SELECT count(*) FROM fev_rips_results r WHERE r.fev_rips_id = d.id AND r.origen = 'MUV' AND r.clase = 'RECHAZADO'),
      total_notificaciones = (SELECT count(*) FROM fev_rips_results r WHERE r.fev_rips_id = d.id AND r.origen = 'MUV' AND r.clase <> 'RECHAZADO')
    WHERE d.id = ANY (ids);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The same three triggers (insert, delete, update) on both tables.
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['fev_rips_files', 'fev_rips_results'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS nuevas
      FOR EACH STATEMENT EXECUTE FUNCTION radica_fev_rips_hechos()', t || '_facts_ins', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS viejas
      FOR EACH STATEMENT EXECUTE FUNCTION radica_fev_rips_hechos()', t || '_facts_del', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas
      FOR EACH STATEMENT EXECUTE FUNCTION radica_fev_rips_hechos()', t || '_facts_upd', t);
  END LOOP;
END $$;
--> statement-breakpoint
-- Existing documents.
UPDATE fev_rips d SET
  tiene_xml = EXISTS (SELECT 1 FROM fev_rips_files f WHERE f.fev_rips_id = d.id AND f.tipo = 'xml'),
  tiene_json = EXISTS (SELECT 1 FROM fev_rips_files f WHERE f.fev_rips_id = d.id AND f.tipo = 'json'),
  total_errores = (SELECT count(*) FROM fev_rips_results r WHERE r.fev_rips_id = d.id AND r.origen = 'MUV' AND r.clase = 'RECHAZADO'),
  total_notificaciones = (SELECT count(*) FROM fev_rips_results r WHERE r.fev_rips_id = d.id AND r.origen = 'MUV' AND r.clase <> 'RECHAZADO');
