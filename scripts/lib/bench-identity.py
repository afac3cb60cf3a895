"""Prepares the identity benchmarks against a running server and prints shell assignments:
a pool of player refresh tokens (signed in by phone PIN, read from the SMS outbox with the CLI),
an introspection form, and a pending hosted sign-in (handle and cookie) for password logins.

    bench-identity.py BASE_URL CLIENT_ID CLIENT_SECRET PLAYHOUSE_BINARY POOL_FILE POOL_SIZE
"""
import base64
import hashlib
import re
import sys
import urllib.parse

from bench_players import Server

base, client_id, secret, binary, pool_file, size = sys.argv[1:7]
server = Server(base, client_id, secret, binary)
call = server.call
players = server.sign_in_players(int(size))
access_token = players[0]["access_token"]
with open(pool_file, "w") as pool:
    pool.writelines(tokens["refresh_token"] + "\n" for tokens in players)

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
