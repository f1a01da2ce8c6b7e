-- An agency's public address (docs/decisions/041-requests-from-browsers-and-proxies.md): the host
-- that links back to the site are built on (the game page a provider sends the player back to),
-- never the Host header a request happened to arrive with. One primary host per agency at most;
-- an agency without one uses its first host by name.
ALTER TABLE agency_hosts ADD COLUMN is_primary boolean NOT NULL DEFAULT false;
CREATE UNIQUE INDEX agency_hosts_one_primary ON agency_hosts (agency_id) WHERE is_primary;

-- existing agencies: their first host by name, but localhost first: the demo's pages open there
UPDATE agency_hosts h
   SET is_primary = true
 WHERE h.host = (SELECT x.host FROM agency_hosts x WHERE x.agency_id = h.agency_id ORDER BY x.host = 'localhost' DESC, x.host LIMIT 1);
