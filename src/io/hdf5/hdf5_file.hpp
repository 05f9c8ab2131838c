#pragma once
// Thin RAII and error handling over the HDF5 C API. Every failing call throws RunTimeFailure
// naming what was attempted and, where the operating system gave one, its reason ("No space
// left on device"); HDF5's own error stack printing is switched off.

#include <hdf5.h>
#include <mpi.h>

#include <cstdint>
#include <string>

namespace relcp::io::hdf5 {

// Owns one HDF5 identifier and closes it with the matching H5*close.
class Handle {
 public:
  Handle() = default;
  // `what` names the call for the error message when id is negative.
  Handle(hid_t id, const std::string& what);
  Handle(const Handle&) = delete;
  Handle& operator=(const Handle&) = delete;
  Handle(Handle&& other) noexcept : id_(other.id_) { other.id_ = H5I_INVALID_HID; }
  Handle& operator=(Handle&& other) noexcept;
  ~Handle() { close(); }

  hid_t get() const { return id_; }
  operator hid_t() const { return id_; }  // NOLINT(google-explicit-constructor): C API calls
  void close();                           // errors ignored: for unwinding
  // Closes and throws RunTimeFailure("HDF5: cannot <what>: <reason>") when closing fails, e.g.
  // when a file's last metadata cannot be flushed. Collective for a parallel file.
  void close_or_throw(const std::string& what);

 private:
  hid_t id_ = H5I_INVALID_HID;
};

// Throws RunTimeFailure("HDF5: cannot <what>[: <reason>]") when status is negative. The reason
// is the system's (errno) when the failure is one the file system reports.
void check(herr_t status, const std::string& what);

enum class FileMode { create, read_write, read_only };

// Collective over comm: opens or creates (truncating) a file with the MPI-IO driver.
Handle open_parallel(MPI_Comm comm, const std::string& path, FileMode mode);
// One process alone (tests, tools): the default driver.
Handle open_serial(const std::string& path, FileMode mode);

// A data transfer property list for collective MPI-IO reads and writes.
Handle collective_transfer();

bool link_exists(hid_t location, const std::string& name);

// Scalar attributes.
void write_attribute(hid_t object, const std::string& name, double value);
void write_attribute(hid_t object, const std::string& name, std::int64_t value);
void write_attribute(hid_t object, const std::string& name, const std::string& value);
double read_double_attribute(hid_t object, const std::string& name);
std::int64_t read_int64_attribute(hid_t object, const std::string& name);
std::string read_string_attribute(hid_t object, const std::string& name);

}  // namespace relcp::io::hdf5
