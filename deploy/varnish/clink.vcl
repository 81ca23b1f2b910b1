# Varnish in front of Clink (issue 52; decision record 0082). For Debian 12's varnish 7.1 and
# varnish-modules 0.20 (the xkey module): apt-get install varnish varnish-modules.
#
# - Keys on the path (with its query) and the compression (br, gzip or none: Accept-Encoding is normalised
#   here, and varnishd runs with http_gzip_support=off so brotli passes through; see varnish.service).
# - Keeps what the site says a shared cache may keep (s-maxage: a day when the site purges, CDN_PURGE),
#   tagged by its Surrogate-Key; PURGE with an xkey header from the site's instances drops exactly those.
# - Never keeps an answer that sets a cookie, nor anything asked by a signed-in request; /admin and /api
#   pass straight through.
# - Serves what it holds when the instances are down (stale-if-error; the probe marks them sick).
vcl 4.1;

import directors;
import std;
import xkey;

# The instances (deploy/clink.service as clink@3001 and clink@3002), checked on /healthz.
probe healthz {
    .url = "/healthz";
    .interval = 2s;
    .timeout = 2s;
    .window = 3;
    .threshold = 2;
}

backend clink1 { .host = "127.0.0.1"; .port = "3001"; .probe = healthz; .connect_timeout = 2s; .first_byte_timeout = 30s; }
backend clink2 { .host = "127.0.0.1"; .port = "3002"; .probe = healthz; .connect_timeout = 2s; .first_byte_timeout = 30s; }

# Who may purge: the instances (on this machine, or list their network).
acl purgers {
    "127.0.0.1";
    "::1";
}

sub vcl_init {
    new site = directors.round_robin();
    site.add_backend(clink1);
    site.add_backend(clink2);
}

sub vcl_recv {
    set req.backend_hint = site.backend();

    if (req.method == "PURGE" || req.method == "BAN") {
        if (client.ip !~ purgers) {
            return (synth(403, "Not allowed to purge"));
        }
        if (!req.http.xkey) {
            return (synth(400, "PURGE needs an xkey header: the tags to purge, space-separated"));
        }
        set req.http.n-gone = xkey.purge(req.http.xkey);
        return (synth(200, "Purged " + req.http.n-gone + " objects"));
    }

    # The instances' own address for the client (TRUST_PROXY=loopback on the instances).
    if (req.restarts == 0) {
        set req.http.X-Forwarded-For = client.ip;
    }

    if (req.method != "GET" && req.method != "HEAD") {
        return (pass);
    }
    if (req.url ~ "^/(admin|api|ai-admin)(/|\?|$)") {
        return (pass);
    }
    # Signed in (the session or the admin's flash cookie), or any credentials: the site's answer is theirs.
    if (req.http.Authorization || req.http.Cookie ~ "(^|;\s*)(clink_session|clink_admin_flash)=") {
        return (pass);
    }
    # No other cookie changes a shared page.
    unset req.http.Cookie;

    # One key per compression the site offers.
    if (req.http.Accept-Encoding ~ "\bbr\b") {
        set req.http.Accept-Encoding = "br";
    } elsif (req.http.Accept-Encoding ~ "\bgzip\b") {
        set req.http.Accept-Encoding = "gzip";
    } else {
        unset req.http.Accept-Encoding;
    }

    # A healthy site is asked again 10 s after an answer's lifetime; a sick one's answers are served as long
    # as their grace (stale-if-error) lasts.
    if (std.healthy(req.backend_hint)) {
        set req.grace = 10s;
    }
    return (hash);
}

sub vcl_hash {
    hash_data(req.url);
    if (req.http.Accept-Encoding) {
        hash_data(req.http.Accept-Encoding);
    }
    return (lookup);
}

sub vcl_backend_response {
    if (bereq.uncacheable) {
        return (deliver);
    }
    if (beresp.http.Set-Cookie || beresp.http.Cache-Control ~ "(private|no-store|no-cache)") {
        set beresp.uncacheable = true;
        set beresp.ttl = 120s;
        return (deliver);
    }
    # A server error is not kept: the stale copy, if any, stays the answer.
    if (beresp.status >= 500) {
        return (abandon);
    }
    # The site's tags, for PURGE's xkey.
    if (beresp.http.Surrogate-Key) {
        set beresp.http.xkey = beresp.http.Surrogate-Key;
    }
    # Varnish takes s-maxage for the lifetime; stale-if-error (the site's is a week) becomes the grace.
    if (beresp.http.Cache-Control ~ "stale-if-error=\d+") {
        set beresp.grace = std.duration(regsub(beresp.http.Cache-Control, ".*stale-if-error=(\d+).*", "\1s"), 0s);
    }
    return (deliver);
}

sub vcl_deliver {
    unset resp.http.xkey;
    # The visitor sees whether Varnish answered (the instance's own X-Cache is about its front cache).
    if (obj.hits > 0) {
        set resp.http.X-Cache = "HIT";
    } else {
        set resp.http.X-Cache = "MISS";
    }
}
