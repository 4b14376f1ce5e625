#!/bin/sh
# Back up forgebuilder's PostgreSQL database, or restore a backup into an empty one.
#
#   DATABASE_URL=postgres://... docs/deploy/backup.sh backup  FILE   # a pg_dump custom-format file
#   DATABASE_URL=postgres://... docs/deploy/backup.sh restore FILE   # into an EMPTY database
#
# Everything a player has (accounts, lists, share links, campaigns) is in the database; the
# caches (Redis, rendered PDFs) are drawn again and need no backup. Restoring refuses a
# database that already has tables, so a backup is never mixed into live data. After a
# restore, run `manage.py migrate` (a newer release migrates the restored data) and
# `manage.py check_campaigns`. docs/deploy.md, "Backups", says when; tests/security/
# test_backup_restore.py restores into an empty database and finds every list.
set -eu

usage() {
    echo "usage: DATABASE_URL=postgres://... $0 backup|restore FILE" >&2
    exit 2
}

[ $# -eq 2 ] || usage
action=$1
file=$2
: "${DATABASE_URL:?set DATABASE_URL to the PostgreSQL database}"
case "$DATABASE_URL" in
    postgres://* | postgresql://*) ;;
    *) echo "DATABASE_URL is not a PostgreSQL database" >&2; exit 2 ;;
esac

case "$action" in
    backup)
        partial="$file.partial"
        pg_dump --format=custom --no-owner --no-privileges --file="$partial" "$DATABASE_URL"
        mv "$partial" "$file"   # a file under the final name is always a whole backup
        echo "backed up to $file ($(wc -c < "$file") bytes)"
        ;;
    restore)
        [ -r "$file" ] || { echo "cannot read $file" >&2; exit 1; }
        tables=$(psql "$DATABASE_URL" -Atc \
            "select count(*) from pg_tables where schemaname = 'public'")
        if [ "$tables" != "0" ]; then
            echo "the database already has $tables tables: restore into an empty one" >&2
            exit 1
        fi
        pg_restore --no-owner --no-privileges --exit-on-error --single-transaction \
            --dbname="$DATABASE_URL" "$file"
        echo "restored $file"
        ;;
    *) usage ;;
esac
