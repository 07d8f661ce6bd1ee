"""``python -m tests.golden``: regenerate every golden playthrough (see ``__init__``)."""

from tests.golden.cases import write_all

for path in write_all():
    size = path.stat().st_size
    print(f"wrote {path} ({size / 1024:.0f} KiB)")
