"""Python zeep as a client of the sandbox: every operation of every service, through the WSDL
the sandbox serves, on the SOAP 1.1, SOAP 1.2, HTTP GET or HTTP POST port (the services without
HTTP ports, dated service B and the admin service, over SOAP 1.1 then).

  zeep_client.py BASE_URL soap11|soap12|http-get|http-post SOAPENC_XSD

Prints one JSON object: "results", per "service Operation" what zeep decoded (bytes as their
length and first bytes, dates as ISO text), and "requests", the fields it was called with. Runs
under Debian's /usr/bin/python3 with python3-zeep.
"""
import base64
import datetime
import decimal
import gzip
import json
import sys
import urllib.parse

import zeep
import zeep.wsdl.messages.mime
from zeep.helpers import serialize_object
from zeep.transports import Transport

BASE, VERSION, SOAPENC = sys.argv[1], sys.argv[2], sys.argv[3]
SOAP_ENCODING = "http://schemas.xmlsoap.org/soap/encoding/"
PORTS = {"soap11": "Soap", "soap12": "Soap12", "http-get": "HttpGet", "http-post": "HttpPost"}

# zeep 4.2.1 form-encodes an HTTP POST with urlencode() without doseq, so a repeated field (a
# document's bytes, a StringArray) would go as its Python repr; as the binding means it, each
# value is a field of its own. Only how zeep writes requests changes: it reads answers as it does.
zeep.wsdl.messages.mime.urlencode = lambda items: urllib.parse.urlencode(items, doseq=True)


class SandboxOnly(Transport):
    """Loads the SOAP encoding schema from disk and talks to the sandbox only."""

    def load(self, url):
        if url.rstrip("/") == SOAP_ENCODING.rstrip("/"):
            with open(SOAPENC, "rb") as f:
                return f.read()
        if not url.startswith(BASE):
            raise RuntimeError("refused to fetch " + url)
        return super().load(url)


def plain(value):
    value = serialize_object(value)
    if isinstance(value, bytes):
        return {"bytes": len(value), "head": value[:5].decode("latin1")}
    if isinstance(value, (datetime.datetime, datetime.date)):
        return value.isoformat()
    if isinstance(value, decimal.Decimal):
        return float(value)
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    return value


last_call = {}


def http_field(value):
    """A field as ASP.NET's HTTP GET and POST take it: every parameter present (an empty one for
    none), binary data as a StringArray of its bytes in decimal."""
    if value is None:
        return ""
    if isinstance(value, bytes):
        return [str(b) for b in value]
    return value


class Port:
    """A bound port that keeps the fields of its last call, for the report."""

    def __init__(self, bound, http):
        self.bound, self.http = bound, http

    def __getattr__(self, operation):
        def call(**fields):
            last_call["fields"] = fields
            sent = {k: http_field(v) for k, v in fields.items()} if self.http else fields
            return getattr(self.bound, operation)(**sent)
        return call


def service(path, name, has_http):
    client = zeep.Client(BASE + path + "?WSDL", transport=SandboxOnly())
    http = VERSION.startswith("http") and has_http
    return Port(client.bind(name, name + (PORTS[VERSION] if http or not VERSION.startswith("http") else "Soap")), http)


simple = service("/MailWS.asmx", "MailWS", True)
dated = service("/2009-02-26/MailWS.asmx", "MailWS", True)
advanced = service("/2009-09-09/MailWS.asmx", "MailWS", False)
admin = service("/2009-09-09/AdminTools.asmx", "AdminTools", False)

demo = {"Username": "demo", "Password": "demo"}
address = {"AttentionLine1": "Jane Doe", "Company": None, "Address1": "1 Main St", "Address2": None,
           "City": "Springfield", "State": "IL", "PostalCode": "62701", "Country": "USA"}
# Five short lines, then a name where the printer lays it out in the recipient box: the letters sent
# without an address read one there. Short, for HTTP GET's query string.
# Sent without an address too: an address in the recipient box (the page's 5th to 7th lines). Short: HTTP GET carries it.
html = "<p>1<p>2<p>3<p>4<p>Jo Doe<p>1 Elm St<p>Salem OR 97301<h1>Hello from zeep</h1>é中&amp;".encode("utf-8")
out = {}
requests = {}


def record(key, value):
    out[key] = plain(value)
    requests[key] = plain(last_call["fields"])
    return value


card = dict(demo, MyDescription="card", ImageSideFileType="html", ImageSideBinaryData=b"<h1>Hi</h1>",
            ImageSideScaling="FitToPage", AddressSideFileType="html", AddressSideBinaryData=b"<p>Greetings</p>",
            WorkMode="Development", PrintColor="FullColor", PostcardSize="Default", MailingPriority="Default")

v2 = record("simple SendLetterV2", simple.SendLetterV2(MyDescription="zeep", FileExtension="html", FileBinaryData=html, WorkMode="Development", **demo))
record("simple SendLetterAndAddress", simple.SendLetterAndAddress(MyDescription="zeep", FileExtension="html", FileBinaryData=html, AttentionLine2=None, AttentionLine3="Third", **address, **demo))
record("simple SendLetterAndAddressV2", simple.SendLetterAndAddressV2(MyDescription="zeep", FileExtension="html", FileBinaryData=html, WorkMode="Production", AttentionLine2=None, AttentionLine3=None, **address, **demo))
record("simple SendPostcardAndAddress", simple.SendPostcardAndAddress(AttentionLine2=None, AttentionLine3=None, **card, **address))
record("simple GetLetterStatus", simple.GetLetterStatus(ID=v2, **demo))
record("simple GetLetterStatusV2", simple.GetLetterStatusV2(ID=v2, **demo))
record("simple GetLetterStatus_Multiple", simple.GetLetterStatus_Multiple(ID="%d,%d" % (v2, v2 + 1), **demo))
record("simple GetLetterStatusV2_Multiple", simple.GetLetterStatusV2_Multiple(ID="%d-%d" % (v2, v2 + 3), **demo))
record("simple GetLetterStatus_Range", simple.GetLetterStatus_Range(MinID=v2, MaxID=v2 + 3, **demo))
record("simple GetLetterStatusV2_Range", simple.GetLetterStatusV2_Range(MinID=v2, MaxID=v2 + 3, **demo))
record("simple GetLetterDetails", simple.GetLetterDetails(ID=v2 + 2, **demo))
record("simple GetLetterDetailsV2", simple.GetLetterDetailsV2(ID=v2 + 2, **demo))
record("simple GetPDF", simple.GetPDF(ID=v2, **demo))

dated_id = record("datedA SendLetter", dated.SendLetter(MyDescription="zeep", FileExtension="html", FileBinaryData=html, WorkMode="Development", **demo))
record("datedA SendLetterAndAddress", dated.SendLetterAndAddress(MyDescription="zeep", FileExtension="html", FileBinaryData=html, WorkMode="Development", AttentionLine2=None, **address, **demo))
record("datedA SendPostcardAndAddress", dated.SendPostcardAndAddress(AttentionLine2=None, **card, **address))
csv = "Name,AttentionLine1,Address1,City,Country\r\nAda,Ada Lovelace,1 Way,London,UK\r\nBo,Bo Li,2 Road,Paris,FR\r\n"
batch = record("datedA SendWordMailMerge_Compressed", dated.SendWordMailMerge_Compressed(
    MyDescription="merge", FileExtension="html", FileBinaryData=b"<p>Dear {{Name}}</p>", MergeData=gzip.compress(csv.encode()), WorkMode="Development", **demo))
record("datedA GetStatus", dated.GetStatus(ID="%d-%d" % (v2, dated_id), **demo))
record("datedA GetDetails", dated.GetDetails(ID=str(dated_id), **demo))
record("datedA GetDetailsExtended", dated.GetDetailsExtended(ID=str(batch.ResultCode), **demo))
record("datedA GetBatchStatus", dated.GetBatchStatus(ID=batch.ResultCode, ItemID="", **demo))
record("datedA GetBatchDetails", dated.GetBatchDetails(ID=batch.ResultCode, ItemID="1,2", **demo))
record("datedA GetPDF", dated.GetPDF(ID=dated_id, **demo))
# A letter of its own to cancel, so that what was read of the others stays what the sandbox holds.
to_cancel = dated.SendLetter(MyDescription="cancel", FileExtension="html", FileBinaryData=html, WorkMode="Development", **demo)
record("datedA CancelDelivery", dated.CancelDelivery(ID=to_cancel, **demo))
record("datedA UploadFile", dated.UploadFile(MyFileName="zeep.html", FileBinaryData=html, Permissions="User", Description="from zeep", Overwrite=True, **demo))
record("datedA GetUploadedFileDetails", dated.GetUploadedFileDetails(**demo))
record("datedA DeleteUploadedFile", dated.DeleteUploadedFile(MyFileName="zeep.html", **demo))

record("datedB SendLetterAdvanced", advanced.SendLetterAdvanced(
    APIKey="demo-key", MyDescription="advanced",
    Files={"File": [{"FileExtension": "html", "FileBinaryData": html}, {"FileExtension": "html", "FileBinaryData": b"<p>Second</p>"}]},
    Addresses={"RecipientAddress": {"AttentionLine1": "Jane Doe", "Address1": "1 Main St", "City": "Springfield", "Zipcode": "62701"},
               "ReplyAddress": {"Contact": {"Company": "Acme", "Address1": "9 Side St", "City": "Shelbyville"}, "StampingLocation": "Top"}},
    Settings={"Perforation": "BottomThird", "WorkMode": "Development", "PrintColor": "Black"}))
record("admin SetUserSettings", admin.SetUserSettings(
    APIKey="demo-key", Username="clerk", Settings={"ArrayOfString": [{"string": ["Letters_PrintSides", "Duplex"]}, {"string": ["General_WorkMode", "Production"]}]}))
record("admin SetUserSettings (bad)", admin.SetUserSettings(
    APIKey="demo-key", Username="clerk", Settings={"ArrayOfString": [{"string": ["Letters_PrintSides", "Sideways"]}]}))

print(json.dumps({"results": out, "requests": requests}))
