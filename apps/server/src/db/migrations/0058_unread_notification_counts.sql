-- A user's unread notifications, kept as a count in a row (docs/decisions/062): each stored
-- notification answers its user's count, which counting the unread rows made cost as many index
-- and heap reads as the user had unread notifications. Triggers keep the row, per statement, for
-- every writer of the table (an instance still on the code before this migration included).
CREATE TABLE notification_unread (
  user_id uuid PRIMARY KEY REFERENCES users (id),
  unread bigint NOT NULL CHECK (unread >= 0)
);

INSERT INTO notification_unread (user_id, unread)
SELECT user_id, count(*) FROM notifications WHERE read_at IS NULL GROUP BY user_id;

-- The rows of one statement, added up per user; users in the order of their ids, so that two
-- statements for several users lock the counts in the same order.
CREATE FUNCTION notification_unread_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO notification_unread AS c (user_id, unread)
  SELECT user_id, count(*) FROM added WHERE read_at IS NULL GROUP BY user_id ORDER BY user_id
  ON CONFLICT (user_id) DO UPDATE SET unread = c.unread + EXCLUDED.unread;
  RETURN NULL;
END $$;

CREATE FUNCTION notification_unread_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE notification_unread c SET unread = c.unread + d.delta
  FROM (
    SELECT user_id, sum(delta) AS delta FROM (
      SELECT user_id, CASE WHEN read_at IS NULL THEN 1 ELSE 0 END AS delta FROM after_rows
      UNION ALL
      SELECT user_id, CASE WHEN read_at IS NULL THEN -1 ELSE 0 END FROM before_rows
    ) rows GROUP BY user_id
  ) d
  WHERE c.user_id = d.user_id AND d.delta <> 0;
  -- A count that rose without a row yet (a read notification made unread again).
  INSERT INTO notification_unread AS c (user_id, unread)
  SELECT user_id, count(*) FROM after_rows a
  WHERE read_at IS NULL AND NOT EXISTS (SELECT 1 FROM notification_unread x WHERE x.user_id = a.user_id)
  GROUP BY user_id ORDER BY user_id
  ON CONFLICT (user_id) DO NOTHING;
  RETURN NULL;
END $$;

CREATE FUNCTION notification_unread_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE notification_unread c SET unread = c.unread - d.n
  FROM (SELECT user_id, count(*) AS n FROM removed WHERE read_at IS NULL GROUP BY user_id) d
  WHERE c.user_id = d.user_id;
  RETURN NULL;
END $$;

CREATE FUNCTION notification_unread_emptied() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM notification_unread;
  RETURN NULL;
END $$;

CREATE TRIGGER notification_unread_added AFTER INSERT ON notifications
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION notification_unread_added();
CREATE TRIGGER notification_unread_changed AFTER UPDATE ON notifications
  REFERENCING OLD TABLE AS before_rows NEW TABLE AS after_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notification_unread_changed();
CREATE TRIGGER notification_unread_removed AFTER DELETE ON notifications
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION notification_unread_removed();
CREATE TRIGGER notification_unread_emptied AFTER TRUNCATE ON notifications
  FOR EACH STATEMENT EXECUTE FUNCTION notification_unread_emptied();
