#include "io/faults/system_reason.hpp"

#include <cerrno>
#include <cstring>

namespace relcp::io {

std::string system_reason() {
  switch (errno) {
    case ENOSPC:
    case EDQUOT:
    case EIO:
    case EACCES:
    case EPERM:
    case EROFS:
    case EFBIG:
    case ENOENT:
    case ENOTDIR:
    case EISDIR:
    case ESTALE:
    case EMFILE:
    case ENFILE:
      return std::string(": ") + std::strerror(errno);
    default:
      return {};
  }
}

}  // namespace relcp::io
