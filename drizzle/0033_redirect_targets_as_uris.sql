-- Redirect targets are URIs (decision record 0046): a target saved as an IRI before (`/ブログ`, `/🍺`,
-- `https://例え.jp/パス`) made a Location header Node refused, which ended the process at every visit.
-- Each byte of its UTF-8 outside ASCII is percent-encoded, as RFC 3987 maps an IRI to a URI (a host so
-- encoded is read as its Punycode name by every URL parser). Control characters are no IRI: such rules
-- are skipped when the rules are loaded (app/redirects/redirects.server.ts) until they are saved again.
UPDATE "redirects" SET "to_target" = (
  SELECT string_agg(
    CASE WHEN get_byte(encoded.bytes, i) < 128 THEN chr(get_byte(encoded.bytes, i)) ELSE '%' || upper(lpad(to_hex(get_byte(encoded.bytes, i)), 2, '0')) END,
    '' ORDER BY i)
  FROM (SELECT convert_to("to_target", 'UTF8') AS bytes) AS encoded, generate_series(0, octet_length(encoded.bytes) - 1) AS i
) WHERE octet_length("to_target") <> char_length("to_target");
