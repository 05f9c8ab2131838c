#include "geom_json.hpp"

#include <charconv>
#include <cmath>

#include "core/error.hpp"

namespace relcp::apps::geom {

std::string json_number(double value) {
  if (!std::isfinite(value)) throw RunTimeFailure("a result is not a finite number");
  char buffer[32];
  const auto end = std::to_chars(buffer, buffer + sizeof buffer, value).ptr;
  return std::string(buffer, end);
}

// Built by appending: GCC 12 warns falsely (-Wrestrict) on chains of string operator+.
std::string json_vector(const Vec3& value) {
  std::string text = "[";
  text += json_number(value.x());
  text += ", ";
  text += json_number(value.y());
  text += ", ";
  text += json_number(value.z());
  text += "]";
  return text;
}

std::string separation_json(const geometry::SignedSeparation& separation) {
  std::string text = "{\"phi\": ";
  text += json_number(separation.phi);
  text += ", \"point_a\": ";
  text += json_vector(separation.point_a);
  text += ", \"point_b\": ";
  text += json_vector(separation.point_b);
  text += ", \"normal\": ";
  text += json_vector(separation.normal);
  text += ", \"iterations\": ";
  text += std::to_string(separation.iterations);
  text += ", \"converged\": ";
  text += separation.converged ? "true" : "false";
  text += "}";
  return text;
}

std::string spheres_json(const std::vector<geometry::SubSphere>& spheres) {
  std::string text = "{\"spheres\": [";
  for (std::size_t k = 0; k < spheres.size(); ++k) {
    if (k > 0) text += ", ";
    text += "{\"center\": ";
    text += json_vector(spheres[k].centre);
    text += ", \"radius\": ";
    text += json_number(spheres[k].radius);
    text += "}";
  }
  text += "]}";
  return text;
}

}  // namespace relcp::apps::geom
