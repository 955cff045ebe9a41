-- The step-up window (docs/decisions/023-trust-and-safety.md): a valid second-factor code
-- given to a money action elevates that one session until this time; confirming a payment
-- within it needs no new code. Revoking the session ends the window with it.
ALTER TABLE auth_sessions ADD COLUMN step_up_until timestamptz;
