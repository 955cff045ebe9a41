-- Swaps without dead ends (docs/decisions/038): both parties of a swap hear `swap_completed` in
-- their inbox (and from the bot). The kind is added to whatever list the CHECK holds when this
-- runs, rather than restating the list, so kinds other migrations added stay allowed.
DO $$
DECLARE
  current_check text := (
    SELECT pg_get_constraintdef(oid) FROM pg_constraint
    WHERE conname = 'notifications_kind_check' AND conrelid = 'notifications'::regclass
  );
BEGIN
  IF current_check IS NULL OR position('''swap_completed''' IN current_check) > 0 THEN
    RETURN;
  END IF;
  ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
  EXECUTE 'ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check '
    || replace(current_check, 'ARRAY[', 'ARRAY[''swap_completed''::text, ');
END $$;
