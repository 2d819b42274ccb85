"""Platform-neutral helpers shared by the chat adapters (drafts of free moves, outgoing lanes,
the words of typed commands)."""
