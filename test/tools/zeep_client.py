"""Python zeep as a client of the sandbox: every operation of every service, through the WSDL
the sandbox serves, on the SOAP 1.1 or SOAP 1.2 port.

  zeep_client.py BASE_URL soap11|soap12 SOAPENC_XSD

Prints one JSON object: per "service Operation", what zeep decoded (bytes as their length and
first bytes, dates as ISO text). Runs under Debian's /usr/bin/python3 with python3-zeep.
"""
import base64
import datetime
import decimal
import gzip
import json
import sys

import zeep
from zeep.helpers import serialize_object
from zeep.transports import Transport

BASE, VERSION, SOAPENC = sys.argv[1], sys.argv[2], sys.argv[3]
SOAP_ENCODING = "http://schemas.xmlsoap.org/soap/encoding/"


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


def service(path, name):
    client = zeep.Client(BASE + path + "?WSDL", transport=SandboxOnly())
    port = name + ("Soap" if VERSION == "soap11" else "Soap12")
    return client.bind(name, port)


simple = service("/MailWS.asmx", "MailWS")
dated = service("/2009-02-26/MailWS.asmx", "MailWS")
advanced = service("/2009-09-09/MailWS.asmx", "MailWS")
admin = service("/2009-09-09/AdminTools.asmx", "AdminTools")

demo = {"Username": "demo", "Password": "demo"}
address = {"AttentionLine1": "Jane Doe", "Company": None, "Address1": "1 Main St", "Address2": None,
           "City": "Springfield", "State": "IL", "PostalCode": "62701", "Country": "USA"}
html = "<h1>Hello from zeep</h1><p>é中&amp;</p>".encode("utf-8")
out = {}


def record(key, value):
    out[key] = plain(value)
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
csv = "Name,AttentionLine1,Address1,City\r\nAda,Ada Lovelace,1 Way,London\r\nBo,Bo Li,2 Road,Paris\r\n"
batch = record("datedA SendWordMailMerge_Compressed", dated.SendWordMailMerge_Compressed(
    MyDescription="merge", FileExtension="html", FileBinaryData=b"<p>Dear {{Name}}</p>", MergeData=gzip.compress(csv.encode()), WorkMode="Development", **demo))
record("datedA GetStatus", dated.GetStatus(ID="%d-%d" % (v2, dated_id), **demo))
record("datedA GetDetails", dated.GetDetails(ID=str(dated_id), **demo))
record("datedA GetDetailsExtended", dated.GetDetailsExtended(ID=str(batch.ResultCode), **demo))
record("datedA GetBatchStatus", dated.GetBatchStatus(ID=batch.ResultCode, ItemID="", **demo))
record("datedA GetBatchDetails", dated.GetBatchDetails(ID=batch.ResultCode, ItemID="1,2", **demo))
record("datedA GetPDF", dated.GetPDF(ID=dated_id, **demo))
record("datedA CancelDelivery", dated.CancelDelivery(ID=dated_id, **demo))
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

print(json.dumps(out))
