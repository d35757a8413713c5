"""The real Python MCP client (`mcp`'s ClientSession) for `mcp-schema-playground evaluate --client python-sdk`.

Reads one JSON document on stdin: {"tool": name, "rows": [{"listing": JSON Schema or null, "result": CallToolResult}]},
data only (what a server lists and what it ships, read off the case's Report; never the case's code). For each row a
fresh ClientSession connects over the SDK's own in-memory streams to a minimal server that answers tools/list with
the listing and tools/call with the result, each sent as the JSON text a server writes (so the client parses the wire
values exactly, key order and all), and calls the tool: the session's own call_tool and validate_tool_result run.
Writes one JSON line: {"versions", "verdicts": [{"ok": bool, "message"?: str(the exception), "validated": n}]} (n: how
many times the session fetched its output validator; 0: it validated nothing), or {"notRun": why} (check_client.py's
line, when Python or `mcp` is missing).
"""

import json
import sys

# check_client.py's own gate: on an old Python or without `mcp` it writes the {"notRun"} line and exits.
from check_client import count_validations, emit, versions

import anyio
from mcp import ClientSession, types
from mcp.shared.memory import create_client_server_memory_streams
from mcp.shared.message import SessionMessage

SERVER_INFO = {"name": "mcp-schema-playground", "version": "0"}


def wire(message_id, result):
    """The response as a server's JSON text, read back as the SDK reads a line of its stdio transport."""
    text = json.dumps({"jsonrpc": "2.0", "id": message_id, "result": result})
    return SessionMessage(types.jsonrpc_message_adapter.validate_json(text, by_name=False))


async def serve(read, write, tool, listing, result):
    """A server with one tool: it lists `listing` as the outputSchema and answers every call with `result`."""
    tool_entry = {"name": tool, "inputSchema": {"type": "object"}}
    if listing is not None:
        tool_entry["outputSchema"] = listing
    async for item in read:
        if isinstance(item, Exception):
            continue
        message = item.message
        message_id = getattr(message, "id", None)
        if message_id is None:  # a notification (notifications/initialized): no answer
            continue
        method = getattr(message, "method", None)
        params = getattr(message, "params", None) or {}
        if method == "initialize":
            answer = {"protocolVersion": params.get("protocolVersion"), "capabilities": {"tools": {}}, "serverInfo": SERVER_INFO}
        elif method == "tools/list":
            answer = {"tools": [tool_entry]}
        elif method == "tools/call":
            answer = result
        elif method == "ping":
            answer = {}
        else:
            text = json.dumps({"jsonrpc": "2.0", "id": message_id, "error": {"code": -32601, "message": "Method not found"}})
            await write.send(SessionMessage(types.jsonrpc_message_adapter.validate_json(text, by_name=False)))
            continue
        await write.send(wire(message_id, answer))


async def verdict(tool, listing, result, timeout):
    async with create_client_server_memory_streams() as (client, server):
        async with anyio.create_task_group() as tg:
            tg.start_soon(serve, server[0], server[1], tool, listing, result)
            try:
                async with ClientSession(client[0], client[1]) as session:
                    runs = count_validations(session)
                    try:
                        with anyio.fail_after(timeout):
                            await session.initialize()
                            await session.call_tool(tool, {})
                        answer = {"ok": True}
                    except TimeoutError:
                        answer = {"ok": False, "message": "no answer within %d ms" % (timeout * 1000)}
                    except Exception as e:  # the client's own exception, whatever its class: its text is the verdict
                        answer = {"ok": False, "message": str(e)}
                    answer["validated"] = runs["n"]
                    return answer
            finally:
                tg.cancel_scope.cancel()


async def main(given):
    out = [await verdict(given["tool"], row["listing"], row["result"], given.get("timeoutMs", 10000) / 1000) for row in given["rows"]]
    emit({"versions": versions(), "verdicts": out})


if __name__ == "__main__":
    anyio.run(main, json.loads(sys.stdin.read()))
