#!/usr/bin/python3
"""A small mail catcher speaking a subset of Mailpit's API. Messages live in memory."""
import email, email.policy, json, sys, threading, uuid, urllib.request
from datetime import datetime, timezone
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from email.utils import getaddresses

if len(sys.argv) > 1 and sys.argv[1] == "readyz":
    try:
        sys.exit(0 if urllib.request.urlopen("http://127.0.0.1:8025/readyz", timeout=2).status == 200 else 1)
    except Exception:
        sys.exit(1)

from aiosmtpd.controller import Controller

MESSAGES = []  # newest first
LOCK = threading.Lock()

def addresses(value):
    return [{"Name": n, "Address": a} for n, a in getaddresses([value or ""]) if a]

def body(msg, kind):
    part = msg.get_body(preferencelist=(kind,))
    return part.get_content() if part is not None else ""

class Handler:
    async def handle_DATA(self, server, session, envelope):
        msg = email.message_from_bytes(envelope.original_content, policy=email.policy.default)
        text = body(msg, "plain")
        entry = {
            "ID": uuid.uuid4().hex,
            "MessageID": (msg.get("Message-ID") or "").strip("<>"),
            "From": (addresses(msg.get("From")) or [{"Name": "", "Address": envelope.mail_from}])[0],
            "To": addresses(msg.get("To")),
            "Subject": str(msg.get("Subject") or ""),
            "Created": datetime.now(timezone.utc).isoformat(),
            "Snippet": " ".join(text.split())[:250],
            "Text": text,
            "HTML": body(msg, "html"),
            "Size": len(envelope.original_content),
        }
        with LOCK:
            MESSAGES.insert(0, entry)
        return "250 Message accepted"

SUMMARY = ("ID", "MessageID", "From", "To", "Subject", "Created", "Snippet", "Size")

class Api(BaseHTTPRequestHandler):
    def send(self, status, payload):
        data = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        path = self.path.split("?")[0]
        with LOCK:
            snapshot = list(MESSAGES)
        if path in ("/readyz", "/livez"):
            return self.send(200, {"status": "ok"})
        if path == "/api/v1/messages":
            return self.send(200, {"total": len(snapshot), "count": len(snapshot), "messages": [{k: m[k] for k in SUMMARY} for m in snapshot]})
        if path.startswith("/api/v1/message/"):
            wanted = path.rsplit("/", 1)[1]
            found = next((m for m in snapshot if m["ID"] == wanted or (wanted == "latest" and m is snapshot[0])), None)
            return self.send(200, found) if found else self.send(404, {"message": "not found"})
        self.send(404, {"message": "not found"})

    def do_DELETE(self):
        if self.path.split("?")[0] == "/api/v1/messages":
            with LOCK:
                MESSAGES.clear()
            return self.send(200, {})
        self.send(404, {"message": "not found"})

    def log_message(self, *args):
        pass

if __name__ == "__main__":
    Controller(Handler(), hostname="0.0.0.0", port=1025).start()
    print("mail catcher: SMTP on :1025, API on :8025", flush=True)
    ThreadingHTTPServer(("0.0.0.0", 8025), Api).serve_forever()
