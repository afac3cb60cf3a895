"""Stopping the real server while requests are in flight: SIGTERM, then Ctrl-C's SIGINT a moment
later, under a load of deposits, bets, guest sign-ups and password logins. The requests in flight
finish (or are answered 503), the server exits 0 with no crash in its log, and the ledger it leaves
verifies."""

import re
import signal
import threading
import time
import uuid
from urllib.parse import urlencode

import pytest
import requests

from conftest import ENGINES, Playhouse, pkce_pair

GUEST = "urn:playhouse:grant-type:guest"


@pytest.mark.parametrize("engine", ENGINES)
def test_stopping_under_load_finishes_or_refuses_what_is_in_flight_and_exits_cleanly(engine):
    server = Playhouse(engine)
    server.start()
    try:
        app = server.create_app("Stopping", "--redirect-uri", "stopping://authorize")
        server.cli("currencies", "add", app["client_id"], "EUR")
        server.cli("games", "import", app["client_id"], "Server/Examples/games/lucky-sevens.json")
        auth = (app["client_id"], app["client_secret"])
        base = server.base_url
        tokens = []
        for index in range(6):
            answer = requests.post(base + "/oauth/token", data={"grant_type": GUEST, "installation_id": f"stopping-{index:012d}"},
                                   auth=auth, timeout=10)
            assert answer.status_code == 200, answer.text
            tokens.append(answer.json()["access_token"])
            deposit = requests.post(base + "/v1/wallet/deposits", json={"amount": {"amount": "50.00", "currency": "EUR"}},
                                    headers={"Authorization": f"Bearer {tokens[-1]}"}, timeout=10)
            assert deposit.status_code == 201, deposit.text
        _, challenge = pkce_pair()
        authorize = base + "/oauth/authorize?" + urlencode({"response_type": "code", "client_id": app["client_id"],
                                                           "code_challenge": challenge, "code_challenge_method": "S256"})
        email, password = "stopping@example.com", "correct horse battery"

        def login(session, register=False):
            page = session.get(authorize, timeout=10)
            handle = re.search(r'name="request" value="([^"]+)"', page.text).group(1)
            return session.post(base + ("/authorize/register" if register else "/authorize/login"),
                                data={"request": handle, "email": email, "password": password}, timeout=10)
        assert login(requests.Session(), register=True).status_code == 200

        stop, lock, answers = threading.Event(), threading.Lock(), {}

        def load(worker):
            session, token, sent = requests.Session(), tokens[worker % len(tokens)], 0
            while not stop.is_set():
                sent += 1
                key = {"Authorization": f"Bearer {token}", "Idempotency-Key": f"{worker}-{sent}-{uuid.uuid4().hex[:6]}"}
                try:
                    if worker % 4 == 0:
                        response = session.post(base + "/v1/wallet/deposits", json={"amount": {"amount": "1.00", "currency": "EUR"}},
                                                headers=key, timeout=15)
                    elif worker % 4 == 1:
                        response = session.post(base + "/v1/games/lucky-sevens/bet", json={"currency": "EUR", "wager": "0.01"},
                                                headers=key, timeout=15)
                    elif worker % 4 == 2:
                        response = session.post(base + "/oauth/token", data={"grant_type": GUEST, "installation_id": f"s-{worker}-{sent:012d}"},
                                                auth=auth, timeout=15)
                    else:
                        response = login(requests.Session())  # a new browser: a password login every time
                    status = response.status_code
                except requests.RequestException:
                    status = "refused connection"  # the server had stopped taking requests
                with lock:
                    answers[status] = answers.get(status, 0) + 1

        workers = [threading.Thread(target=load, args=(worker,)) for worker in range(12)]
        for worker in workers:
            worker.start()
        time.sleep(2)
        server.process.send_signal(signal.SIGTERM)
        time.sleep(0.1)
        server.process.send_signal(signal.SIGINT)
        try:
            exit_code = server.process.wait(timeout=30)
        finally:
            stop.set()
            for worker in workers:
                worker.join()
        log = server.log()
        assert exit_code == 0, log[-4000:]
        assert "Fatal error" not in log and "unhandled error" not in log, log[-4000:]
        assert not set(answers) - {200, 201, 503, "refused connection"}, answers
        assert answers.get(201, 0) > 0 and answers.get(200, 0) > 0, answers
        verify = server.cli("ledger", "verify", check=False)
        assert verify.returncode == 0, verify.stdout + verify.stderr
    finally:
        server.stop()
