"""The lesson page's parts: its state and small widgets (parts), and its nine steps."""
