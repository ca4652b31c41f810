"""Issue 12, finding 2: the suite writes to the one database TEST_REDIS_URL names."""
from __future__ import annotations

import pytest


@pytest.mark.last
def test_every_other_database_of_the_test_redis_is_as_the_suite_found_it(other_databases):
    """The sentinel written into each other database before the first test is still
    there, unchanged, and no database gained or lost a key: no test (in process, e2e
    gunicorn and workers, the `pbem dev` tests) wrote to or flushed any of them."""
    others, key, value, sizes = other_databases
    lost = [db for db, conn in others.items() if conn.get(key) != value.encode()]
    resized = {db: (sizes[db], conn.dbsize()) for db, conn in others.items()
               if conn.dbsize() != sizes[db]}
    assert not lost, f"the suite flushed or overwrote databases {lost}"
    assert not resized, f"the suite wrote to databases {resized} (keys before, after)"
