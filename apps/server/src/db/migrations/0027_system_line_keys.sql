-- SYSTEM chat lines carry their catalogue key (docs/decisions/015-i18n-and-formatting.md): a
-- reader sees the line in their own language by its key, never by looking its Russian text up.
-- `content` keeps the Russian text, as every client of the chat has always read it.
ALTER TABLE chat_messages ADD COLUMN content_key text;

-- Lines written before this change: their text is one of the catalogue's, as written then.
UPDATE chat_messages SET content_key = CASE content
  WHEN 'Сделка создана. Криптовалюта продавца заблокирована в эскроу' THEN 'chat.system.create'
  WHEN 'Покупатель отметил оплату' THEN 'chat.system.mark_paid'
  WHEN 'Продавец подтвердил получение оплаты' THEN 'chat.system.confirm_payment'
  WHEN 'Продавец отправил криптовалюту покупателю. Сделка завершена' THEN 'chat.system.release_crypto'
  WHEN 'Покупатель отменил сделку' THEN 'chat.system.cancel_trade.buyer'
  WHEN 'Продавец отменил сделку' THEN 'chat.system.cancel_trade.seller'
  WHEN 'Система отменила сделку' THEN 'chat.system.cancel_trade.system'
  WHEN 'Модератор отменил сделку' THEN 'chat.system.cancel_trade.moderator'
  WHEN 'Покупатель открыл спор. Сделка заморожена до решения модератора' THEN 'chat.system.dispute_trade.buyer'
  WHEN 'Продавец открыл спор. Сделка заморожена до решения модератора' THEN 'chat.system.dispute_trade.seller'
  WHEN 'Система открыла спор. Сделка заморожена до решения модератора' THEN 'chat.system.dispute_trade.system'
  WHEN 'Модератор открыл спор. Сделка заморожена до решения модератора' THEN 'chat.system.dispute_trade.moderator'
  WHEN 'Время на оплату истекло. Сделка отменена автоматически' THEN 'chat.system.expire'
  WHEN 'Криптовалюта отправлена покупателю автоматически. Сделка завершена' THEN 'chat.system.auto_release'
  WHEN 'Модератор завершил спор в пользу покупателя. Криптовалюта отправлена покупателю' THEN 'chat.system.resolve_release'
  WHEN 'Модератор завершил спор в пользу продавца. Сделка отменена' THEN 'chat.system.resolve_refund'
END
WHERE type = 'SYSTEM';
