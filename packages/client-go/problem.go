package platform

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
)

// ProblemError is an answer of status 400 or more: an RFC 9457 problem (application/problem+json)
// as the platform sends them, or any other error answer (Code empty, Detail its text). Get it with
// errors.As:
//
//	var problem *platform.ProblemError
//	if errors.As(err, &problem) && problem.Code == "precondition_failed" { ... }
type ProblemError struct {
	// Status is the HTTP status of the answer.
	Status int
	// Code is the stable error code (invalid_parameter, not_found, precondition_failed, …); for a
	// refused token request, the OAuth error (invalid_client, …).
	Code     string
	Type     string
	Title    string
	Detail   string
	Instance string
	// RequestID identifies the request in the platform's logs (request_id, else X-Request-Id).
	RequestID string
	// Errors lists each parameter or body field at fault, when the problem names fields.
	Errors []FieldError
	// Raw holds every member of the problem, extension members included (current_version,
	// current_status, allowed_actions, required_scope, …); see [ProblemError.Member].
	Raw map[string]json.RawMessage
	// Header of the answer (Retry-After, RateLimit-*, …).
	Header http.Header
	// Body is the answer's body as received.
	Body []byte
}

// FieldError is one entry of a problem's errors[]: a field at fault and why.
type FieldError struct {
	// Field is the dotted path of the field (lines.0.quantity); empty for the body as a whole.
	Field   string `json:"field"`
	Message string `json:"message"`
}

func (e *ProblemError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "platform: %d", e.Status)
	if e.Code != "" {
		fmt.Fprintf(&b, " %s", e.Code)
	}
	switch {
	case e.Detail != "":
		fmt.Fprintf(&b, ": %s", e.Detail)
	case e.Title != "":
		fmt.Fprintf(&b, ": %s", e.Title)
	}
	for _, field := range e.Errors {
		if field.Field != "" {
			fmt.Fprintf(&b, " [%s: %s]", field.Field, field.Message)
		}
	}
	if e.RequestID != "" {
		fmt.Fprintf(&b, " (request %s)", e.RequestID)
	}
	return b.String()
}

// Member decodes the problem member name (an extension member such as current_version) into
// target; it reports false when the problem has no such member or it does not decode.
func (e *ProblemError) Member(name string, target any) bool {
	raw, ok := e.Raw[name]
	return ok && json.Unmarshal(raw, target) == nil
}

// HasCode reports whether err is (or wraps) a *ProblemError with this code.
func HasCode(err error, code string) bool {
	var problem *ProblemError
	return errors.As(err, &problem) && problem.Code == code
}

// newProblemError reads the problem of an error answer whose body has been read.
func newProblemError(resp *http.Response, body []byte) *ProblemError {
	problem := &ProblemError{Status: resp.StatusCode, Header: resp.Header, Body: body}
	var members map[string]json.RawMessage
	if json.Unmarshal(body, &members) == nil && members != nil {
		problem.Raw = members
		problem.Member("code", &problem.Code)
		problem.Member("type", &problem.Type)
		problem.Member("title", &problem.Title)
		problem.Member("detail", &problem.Detail)
		problem.Member("instance", &problem.Instance)
		problem.Member("request_id", &problem.RequestID)
		problem.Member("errors", &problem.Errors)
		var status int
		if problem.Member("status", &status) && status != 0 {
			problem.Status = status
		}
	} else {
		problem.Detail = strings.TrimSpace(string(body))
		if len(problem.Detail) > 500 {
			problem.Detail = problem.Detail[:500] + "…"
		}
	}
	if problem.Title == "" {
		problem.Title = http.StatusText(resp.StatusCode)
	}
	if problem.RequestID == "" {
		problem.RequestID = resp.Header.Get("X-Request-Id")
	}
	return problem
}

// maxProblemBody bounds how much of an error answer is read.
const maxProblemBody = 1 << 20

// CheckResponse returns a *ProblemError for an answer of status 400 or more (reading and closing
// its body), nil otherwise. The generated operations of a Client do this already; it is for
// answers of [Client.HTTPClient].
func CheckResponse(resp *http.Response) error {
	if resp.StatusCode < 400 {
		return nil
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxProblemBody))
	_ = resp.Body.Close()
	problem := newProblemError(resp, body)
	if err != nil && len(body) == 0 {
		problem.Detail = fmt.Sprintf("reading the answer failed: %v", err)
	}
	return problem
}

// problemDoer is the HttpRequestDoer of the generated client: error answers become *ProblemError.
type problemDoer struct{ client *http.Client }

func (d problemDoer) Do(req *http.Request) (*http.Response, error) {
	resp, err := d.client.Do(req)
	if err != nil {
		// A refused token request: the problem itself rather than *url.Error wrapping it.
		var problem *ProblemError
		if errors.As(err, &problem) {
			return nil, problem
		}
		return nil, err
	}
	if err := CheckResponse(resp); err != nil {
		return nil, err
	}
	return resp, nil
}
