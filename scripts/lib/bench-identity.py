"""Prepares the identity benchmarks against a running server and prints shell assignments:
a pool of player refresh tokens (signed in by phone PIN, read from the SMS outbox with the CLI),
an introspection form, and a pending hosted sign-in (handle and cookie) for password logins.

    bench-identity.py BASE_URL CLIENT_ID CLIENT_SECRET PLAYHOUSE_BINARY POOL_FILE POOL_SIZE
"""
import base64
import hashlib
import json
import re
import subprocess
import sys
import urllib.parse
import urllib.request

base, client_id, secret, binary, pool_file, size = sys.argv[1:7]
size = int(size)
basic = "Basic " + base64.b64encode(f"{client_id}:{secret}".encode()).decode()


def call(path, data=None, headers=None, json_body=None):
    body = json.dumps(json_body).encode() if json_body is not None else (urllib.parse.urlencode(data).encode() if data else None)
    request = urllib.request.Request(base + path, data=body, headers=headers or {})
    if json_body is not None:
        request.add_header("Content-Type", "application/json")
    with urllib.request.urlopen(request, timeout=30) as response:
        return response.status, response.headers, response.read().decode()


_, _, answer = call("/oauth/token", {"grant_type": "client_credentials"}, {"Authorization": basic})
app_token = json.loads(answer)["access_token"]

numbers = [f"+4590{index:06d}" for index in range(size)]
for number in numbers:
    call("/v1/auth/phone/pin", headers={"Authorization": f"Bearer {app_token}"}, json_body={"phone_number": number})
outbox = json.loads(subprocess.run([binary, "sms", "outbox", "--limit", str(size + 10), "--json"],
                                   capture_output=True, text=True, check=True).stdout)
pins = {message["to"]: re.search(r"\b(\d{6})\b", message["text"]).group(1) for message in outbox}
access_token = None
with open(pool_file, "w") as pool:
    for number in numbers:
        _, _, answer = call("/oauth/token", {"grant_type": "urn:playhouse:grant-type:phone-pin", "phone_number": number,
                                             "pin": pins[number]}, {"Authorization": basic})
        tokens = json.loads(answer)
        access_token = access_token or tokens["access_token"]
        pool.write(tokens["refresh_token"] + "\n")

# A player with a password, and a sign-in waiting on the hosted page for their login.
verifier = "bench-verifier-" + "v" * 40
challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
query = urllib.parse.urlencode({"response_type": "code", "client_id": client_id, "code_challenge": challenge,
                                "code_challenge_method": "S256"})


def hosted_page():
    _, headers, page = call("/oauth/authorize?" + query)
    cookie = headers.get("Set-Cookie").split(";")[0]
    return re.search(r'name="request" value="([^"]+)"', page).group(1), cookie


handle, cookie = hosted_page()
call("/authorize/register", {"request": handle, "email": "bench@example.com", "password": "bench password"}, {"Cookie": cookie})
handle, cookie = hosted_page()

print(f"introspect_body='token={access_token}'")
print(f"login_body='request={handle}&email=bench%40example.com&password=bench+password'")
print(f"login_cookie='{cookie}'")
