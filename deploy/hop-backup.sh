#!/usr/bin/env bash
# One backup of this Hop instance into $BACKUP_DIR, named by the time it was taken (UTC); then the
# backups older than $BACKUP_KEEP_DAYS days (default 14) are removed — only after a new one was
# written, so a run of failures never leaves you with none. Prints the backup's JSON (journald keeps it).
# Runs from the Hop checkout with its settings (deploy/hop-backup.service); docs/operations.md.
set -euo pipefail
dir=${BACKUP_DIR:?set BACKUP_DIR (in /etc/hop/hop.env)}
keep=${BACKUP_KEEP_DAYS:-14}
mkdir -p "$dir"
npm run --silent cli -- backup --out "$dir/hop-$(date -u +%Y%m%dT%H%M%SZ).tar"
find "$dir" -maxdepth 1 -type f -name 'hop-*.tar' -mtime "+$keep" -delete
