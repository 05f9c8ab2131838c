#include "io/hdf5/hdf5_file.hpp"

#include <cerrno>
#include <utility>
#include <vector>

#include "core/error.hpp"
#include "io/faults/fault_injection.hpp"
#include "io/faults/free_space.hpp"
#include "io/faults/system_reason.hpp"

namespace relcp::io::hdf5 {
namespace {

// Errors become exceptions here; HDF5 printing its stack to stderr would break the
// one-line error rule of the apps.
void silence_error_stack() {
  static const bool silenced = [] {
    H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr);
    return true;
  }();
  (void)silenced;
}

[[noreturn]] void fail(const std::string& what) { throw RunTimeFailure("HDF5: cannot " + what + system_reason()); }

herr_t close_any(hid_t id) {
  switch (H5Iget_type(id)) {
    case H5I_FILE:
      return H5Fclose(id);
    case H5I_GROUP:
      return H5Gclose(id);
    case H5I_DATASET:
      return H5Dclose(id);
    case H5I_DATASPACE:
      return H5Sclose(id);
    case H5I_DATATYPE:
      return H5Tclose(id);
    case H5I_ATTR:
      return H5Aclose(id);
    case H5I_GENPROP_LST:
      return H5Pclose(id);
    default:
      return H5Idec_ref(id);
  }
}

Handle file_access(MPI_Comm comm) {
  Handle access(H5Pcreate(H5P_FILE_ACCESS), "create a file access property list");
  if (comm != MPI_COMM_NULL) check(H5Pset_fapl_mpio(access, comm, MPI_INFO_NULL), "select the MPI-IO driver");
  return access;
}

Handle open_with(const Handle& access, const std::string& path, FileMode mode) {
  switch (mode) {
    case FileMode::create:
      return Handle(H5Fcreate(path.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, access), "create " + path);
    case FileMode::read_write:
      return Handle(H5Fopen(path.c_str(), H5F_ACC_RDWR, access), "open " + path + " for writing");
    case FileMode::read_only:
      return Handle(H5Fopen(path.c_str(), H5F_ACC_RDONLY, access), "open " + path);
  }
  throw RunTimeFailure("HDF5: unknown file mode");
}

Handle scalar_space() { return Handle(H5Screate(H5S_SCALAR), "create a scalar dataspace"); }

void write_scalar_attribute(hid_t object, const std::string& name, hid_t type, const void* value) {
  if (H5Aexists(object, name.c_str()) > 0) check(H5Adelete(object, name.c_str()), "replace attribute " + name);
  const Handle space = scalar_space();
  const Handle attribute(H5Acreate2(object, name.c_str(), type, space, H5P_DEFAULT, H5P_DEFAULT),
                         "create attribute " + name);
  check(H5Awrite(attribute, type, value), "write attribute " + name);
}

void read_scalar_attribute(hid_t object, const std::string& name, hid_t type, void* value) {
  const Handle attribute(H5Aopen(object, name.c_str(), H5P_DEFAULT), "open attribute " + name);
  check(H5Aread(attribute, type, value), "read attribute " + name);
}

}  // namespace

Handle::Handle(hid_t id, const std::string& what) : id_(id) {
  if (id_ < 0) fail(what);
}

Handle& Handle::operator=(Handle&& other) noexcept {
  if (this != &other) {
    close();
    id_ = std::exchange(other.id_, H5I_INVALID_HID);
  }
  return *this;
}

void Handle::close() {
  if (id_ >= 0 && close_any(id_) < 0 && H5Iget_type(id_) == H5I_FILE) note_unclosable_file();
  id_ = H5I_INVALID_HID;
}

void Handle::close_or_throw(const std::string& what) {
  if (id_ < 0) return;
  errno = 0;
  const bool file = H5Iget_type(id_) == H5I_FILE;
  const herr_t status = close_any(std::exchange(id_, H5I_INVALID_HID));
  if (status < 0 && file) note_unclosable_file();
  check(status, what);
  // Attribute writes and object creation only change HDF5's metadata cache: the file system
  // sees them here, when the cache is flushed, so that is where an injected fault models them.
  fault_point(FaultOperation::write, "HDF5: cannot " + what);
}

void check(herr_t status, const std::string& what) {
  if (status < 0) fail(what);
}

Handle open_parallel(MPI_Comm comm, const std::string& path, FileMode mode) {
  silence_error_stack();
  return open_with(file_access(comm), path, mode);
}

Handle open_serial(const std::string& path, FileMode mode) {
  silence_error_stack();
  return open_with(file_access(MPI_COMM_NULL), path, mode);
}

Handle collective_transfer() {
  Handle transfer(H5Pcreate(H5P_DATASET_XFER), "create a transfer property list");
  check(H5Pset_dxpl_mpio(transfer, H5FD_MPIO_COLLECTIVE), "select collective transfers");
  return transfer;
}

bool link_exists(hid_t location, const std::string& name) { return H5Lexists(location, name.c_str(), H5P_DEFAULT) > 0; }

void write_attribute(hid_t object, const std::string& name, double value) {
  write_scalar_attribute(object, name, H5T_NATIVE_DOUBLE, &value);
}

void write_attribute(hid_t object, const std::string& name, std::int64_t value) {
  write_scalar_attribute(object, name, H5T_NATIVE_INT64, &value);
}

void write_attribute(hid_t object, const std::string& name, const std::string& value) {
  Handle type(H5Tcopy(H5T_C_S1), "copy the string type");
  check(H5Tset_size(type, value.size() + 1), "size a string type");  // with its terminator
  write_scalar_attribute(object, name, type, value.c_str());
}

double read_double_attribute(hid_t object, const std::string& name) {
  double value = 0.0;
  read_scalar_attribute(object, name, H5T_NATIVE_DOUBLE, &value);
  return value;
}

std::int64_t read_int64_attribute(hid_t object, const std::string& name) {
  std::int64_t value = 0;
  read_scalar_attribute(object, name, H5T_NATIVE_INT64, &value);
  return value;
}

std::string read_string_attribute(hid_t object, const std::string& name) {
  const Handle attribute(H5Aopen(object, name.c_str(), H5P_DEFAULT), "open attribute " + name);
  const Handle type(H5Aget_type(attribute), "get the type of attribute " + name);
  const std::size_t size = H5Tget_size(type);
  std::vector<char> text(size + 1, '\0');
  check(H5Aread(attribute, type, text.data()), "read attribute " + name);
  return std::string(text.data());
}

}  // namespace relcp::io::hdf5
