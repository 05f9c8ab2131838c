#pragma once
// A read-only copy of a body owned by another rank (or a periodic image of an own body).

#include "core/types.hpp"
#include "particles/body.hpp"

namespace relcp::particles {

struct Ghost {
  Body body;  // pose.position is already the image position
  int owner_rank = -1;
  Vec3 image_offset = Vec3::Zero();  // image position = owner's (wrapped) position + offset
};

}  // namespace relcp::particles
