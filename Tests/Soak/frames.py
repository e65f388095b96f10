"""WebSocket frames as a client sends them, for the soak's raw clients (soak.py and hostile.py)."""
import os


def masked_frame(payload, opcode=0x1):
    """One final client frame of `payload` (bytes), masked, as RFC 6455 requires of a client. The
    mask is applied as one big integer XOR: byte by byte in Python would cost the flood its rate."""
    length = len(payload)
    if length < 126:
        header = bytes([0x80 | opcode, 0x80 | length])
    elif length < 65536:
        header = bytes([0x80 | opcode, 0x80 | 126]) + length.to_bytes(2, "big")
    else:
        header = bytes([0x80 | opcode, 0x80 | 127]) + length.to_bytes(8, "big")
    mask = os.urandom(4)
    if length == 0:
        return header + mask
    key = (mask * (length // 4 + 1))[:length]
    masked = (int.from_bytes(payload, "big") ^ int.from_bytes(key, "big")).to_bytes(length, "big")
    return header + mask + masked
