"""Signs players in for the benchmarks: by phone PIN, reading the PINs from the SMS outbox with
the CLI (so no password hashing slows the set-up down)."""
import base64
import json
import re
import subprocess
import urllib.parse
import urllib.request


class Server:
    def __init__(self, base, client_id, secret, binary):
        self.base, self.client_id, self.secret, self.binary = base, client_id, secret, binary
        self.basic = "Basic " + base64.b64encode(f"{client_id}:{secret}".encode()).decode()

    def call(self, path, data=None, headers=None, json_body=None):
        body = json.dumps(json_body).encode() if json_body is not None else (urllib.parse.urlencode(data).encode() if data else None)
        request = urllib.request.Request(self.base + path, data=body, headers=headers or {})
        if json_body is not None:
            request.add_header("Content-Type", "application/json")
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, response.headers, response.read().decode()

    def sign_in_players(self, count):
        """Signs `count` new players in by phone PIN; returns their token responses. In batches of
        what `playhouse sms outbox` shows at most (1,000), so that every PIN is still there."""
        _, _, answer = self.call("/oauth/token", {"grant_type": "client_credentials"}, {"Authorization": self.basic})
        app_token = json.loads(answer)["access_token"]
        numbers = [f"+4590{index:06d}" for index in range(count)]
        tokens = []
        for start in range(0, count, 1000):
            batch = numbers[start:start + 1000]
            for number in batch:
                self.call("/v1/auth/phone/pin", headers={"Authorization": f"Bearer {app_token}"}, json_body={"phone_number": number})
            outbox = json.loads(subprocess.run([self.binary, "sms", "outbox", "--limit", str(len(batch)), "--json"],
                                               capture_output=True, text=True, check=True).stdout)
            pins = {}
            for message in outbox:  # newest first: the latest PIN of each number counts
                pins.setdefault(message["to"], re.search(r"\b(\d{6})\b", message["text"]).group(1))
            for number in batch:
                _, _, answer = self.call("/oauth/token", {"grant_type": "urn:playhouse:grant-type:phone-pin",
                                                          "phone_number": number, "pin": pins[number]},
                                         {"Authorization": self.basic})
                tokens.append(json.loads(answer))
        return tokens
