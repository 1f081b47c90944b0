#!/usr/bin/env python3
# Rough Wish With Me sync costs over HTTP, until `hearth bench sync` (issue 5) replaces it.
# Start a server first, with a fresh data dir and a raised auth limit, e.g.:
#   swift build && .build/debug/hearth serve --app wishwithme --port 8097 \
#       --data-dir /tmp/wwm-measure --auth-limit-per-address 1000 &
#   python3 scripts/measure-wishwithme.py http://127.0.0.1:8097
# Prints push rate (batches of 500), legacy pull size/time and delta idle-sync cost at
# 1,000 and 10,000 items.
import sys
import json, time, uuid, urllib.request
B = sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1:8097"
def req(method, path, body=None, token=None):
    data = json.dumps(body).encode() if body is not None else None
    r = urllib.request.Request(B+path, data=data, method=method, headers={"Content-Type":"application/json", **({"Authorization":"Bearer "+token} if token else {})})
    with urllib.request.urlopen(r) as resp: return resp.read()
reg = json.loads(req("POST","/api/v2/auth/register",{"email":"m@example.com","password":"correct horse","name":"M"}))
tok, uid = reg["access_token"], reg["user"]["id"]
wl = "wishlist:"+str(uuid.uuid4())
now = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
req("POST","/api/v2/sync/push/wishlists",{"documents":[{"_id":wl,"type":"wishlist","owner_id":uid,"name":"W","created_at":now,"updated_at":now}]},tok)
def items(n):
    return [{"_id":"item:"+str(uuid.uuid4()),"type":"item","wishlist_id":wl,"owner_id":uid,"title":"Item %d"%i,"price":10.5,"currency":"EUR","quantity":1,"status":"resolved","created_at":now,"updated_at":now} for i in range(n)]
total=0
for target in (1000, 10000):
    t=time.time(); pushed=0
    while total < target:
        req("POST","/api/v2/sync/push/items",{"documents":items(500)},tok); total+=500; pushed+=500
    dt=time.time()-t
    print(f"push {pushed} items in batches of 500: {dt:.2f} s = {pushed/dt:.0f} docs/s")
    t=time.time(); body=req("GET","/api/v2/sync/pull/items",None,tok); dt=time.time()-t
    print(f"legacy pull of {target} items: {len(body)/1024:.0f} KiB in {dt*1000:.0f} ms")
    c=json.loads(req("GET","/api/hearth/v1/sync/changes?since=0&limit=5000",None,tok)); cursor=c["cursor"]
    while c["has_more"]:
        c=json.loads(req("GET","/api/hearth/v1/sync/changes?since="+cursor+"&limit=5000",None,tok)); cursor=c["cursor"]
    t=time.time(); body=req("GET","/api/hearth/v1/sync/changes?since="+cursor,None,tok); dt=time.time()-t
    print(f"delta idle sync at {target}: {len(body)} bytes in {dt*1000:.1f} ms")
