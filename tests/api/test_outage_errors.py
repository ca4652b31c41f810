"""Issue 25, point 5: which Redis errors the API answers 503 (the store cannot answer
now) and which stay a 500 (a bug): every error of service/availability.py's list, as
redis-py raises it, through a route of the real app; the cluster client's mistakes of
the caller (a transaction across slots, a broken pipeline stack) are not outages."""
from __future__ import annotations

import pytest
from redis import exceptions

from service import availability
from service.app import RETRY_AFTER, create_app
from tests.conftest import TEST_REDIS_URL

OUTAGES = [exceptions.ConnectionError("refused"), exceptions.BusyLoadingError("LOADING"),
           exceptions.TimeoutError("timed out"), exceptions.ReadOnlyError("READONLY"),
           exceptions.OutOfMemoryError("OOM"), exceptions.ClusterDownError("CLUSTERDOWN"),
           exceptions.MasterDownError("MASTERDOWN"), exceptions.TryAgainError("TRYAGAIN"),
           exceptions.ClusterError("TTL exhausted."), exceptions.MovedError("3999 10.0.0.1:7000"),
           exceptions.AskError("3999 10.0.0.1:7000"),
           exceptions.SlotNotCoveredError('Slot "3999" is not covered by the cluster.'),
           exceptions.RedisClusterException("Redis Cluster cannot be connected.")]
BUGS = [exceptions.CrossSlotTransactionError("All keys must map to the same slot"),
        exceptions.InvalidPipelineStack("Unexpected response length"),
        exceptions.ResponseError("WRONGTYPE"), exceptions.DataError("bad value")]


@pytest.fixture
def raising(redis_conn):
    app = create_app({"REDIS_URL": TEST_REDIS_URL, "TESTING": True})
    app.testing = False                       # an unhandled error is a 500, not re-raised

    def fail(name):
        raise next(err for err in OUTAGES + BUGS if type(err).__name__ == name)
    app.add_url_rule("/raise/<name>", view_func=fail)
    return app.test_client()


@pytest.mark.parametrize("error", OUTAGES, ids=lambda e: type(e).__name__)
def test_an_outage_answers_503_with_retry_after(raising, error):
    assert availability.unavailable(error)
    answer = raising.get(f"/raise/{type(error).__name__}")
    assert answer.status_code == 503 and answer.mimetype == "application/problem+json"
    assert answer.headers["Retry-After"] == str(RETRY_AFTER)


@pytest.mark.parametrize("error", BUGS, ids=lambda e: type(e).__name__)
def test_a_mistake_stays_a_500(raising, error):
    assert not availability.unavailable(error)
    assert raising.get(f"/raise/{type(error).__name__}").status_code == 500
