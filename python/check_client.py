"""The real Python MCP client (`mcp`'s ClientSession) for `mcp-schema-playground check --client python-sdk`.

Started by the CLI with one argument, the target as JSON: {"kind": "stdio", "command", "args", "env"} (it starts the
server itself, as the other clients do) or {"kind": "http", "url"}. It writes one JSON object a line on stdout:
first {"ready": true, "versions", "server"} (or {"notRun": why} when Python or `mcp` is missing, or {"failed": why}
when it cannot connect), then one answer per command it reads on stdin: {"op": "list"} or
{"op": "call", "name", "arguments"}. An answer is {"ok": true} or {"ok": false, "message": str(the exception)}, with
"validated": how many times the session fetched its output validator for the answer (0: it validated nothing).
Nothing here re-implements the client's check: the messages are the ones ClientSession's own methods raise.
"""

import json
import sys

NOT_RUN = "needs Python \u2265 3.10 with the `mcp` package (`pip install mcp`)"


def emit(obj):
    sys.stdout.write(json.dumps(obj) + "\n")
    sys.stdout.flush()


if sys.version_info < (3, 10):
    emit({"notRun": NOT_RUN, "detail": "Python " + sys.version.split()[0]})
    sys.exit(0)

try:
    import importlib.metadata as metadata

    import anyio
    from mcp import ClientSession
    from mcp.client.stdio import StdioServerParameters, stdio_client
    from mcp.client.streamable_http import streamable_http_client
except ImportError as e:
    emit({"notRun": NOT_RUN, "detail": str(e)})
    sys.exit(0)


def versions():
    out = {}
    for name in ("mcp", "jsonschema"):
        try:
            out[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            out[name] = None
    return out


def count_validations(session):
    """Counts the session's own output-validator lookups: it makes one per answer it validates. Returns {"n": count}."""
    runs = {"n": 0}
    fetch = session._output_schema_validator

    def counted(name, schema):
        runs["n"] += 1
        return fetch(name, schema)

    session._output_schema_validator = counted
    return runs


async def serve(session, timeout):
    runs = count_validations(session)
    while True:
        line = await anyio.to_thread.run_sync(sys.stdin.readline)
        if not line:
            return
        command = json.loads(line)
        before = runs["n"]
        try:
            with anyio.fail_after(timeout):
                if command["op"] == "list":
                    await session.list_tools()
                else:
                    await session.call_tool(command["name"], command.get("arguments") or {})
            answer = {"ok": True}
        except TimeoutError:
            answer = {"ok": False, "message": "no answer within %d ms" % (timeout * 1000)}
        except Exception as e:  # the client's own exception, whatever its class: its text is the verdict
            answer = {"ok": False, "message": str(e)}
        answer["validated"] = runs["n"] - before
        emit(answer)


async def main(target, timeout):
    if target["kind"] == "stdio":
        params = StdioServerParameters(command=target["command"], args=target["args"], env=target["env"] or None)
        transport = stdio_client(params)
    else:
        transport = streamable_http_client(target["url"])
    try:
        async with transport as (read, write):
            async with ClientSession(read, write) as session:
                try:
                    with anyio.fail_after(timeout):
                        init = await session.initialize()
                except Exception as e:
                    emit({"failed": str(e) or type(e).__name__})
                    return
                info = init.server_info
                emit({"ready": True, "versions": versions(), "server": {"name": info.name, "version": info.version or ""}})
                await serve(session, timeout)
    except Exception as e:
        emit({"failed": str(e) or type(e).__name__})


if __name__ == "__main__":
    given = json.loads(sys.argv[1])
    anyio.run(main, given["target"], given["timeoutMs"] / 1000)
